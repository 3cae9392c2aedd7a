import type { MerchantCatalog } from './catalog-types.js';

// 'other': a US outdoor-gear store (USD, America/New_York) with its own Google Ads account.

const GEAR_SEARCH = { nouns: ['tent', 'rain jacket', 'hiking boots', 'backpack', 'sleeping bag', 'water bottle', 'trekking poles', 'beanie'], prefixes: ['mens', 'womens', 'waterproof', 'lightweight', 'best', 'ultralight', 'insulated'], suffixes: ['', 'sale', 'near me', 'for camping', 'review'] };

export const OTHER_CATALOG: MerchantCatalog = {
  merchantCenterId: '523456789',
  country: 'US',
  brands: ['Northwind', 'Summit Ridge', 'TrailForge', 'Alpine Loop', 'Cedar & Pine'],
  houseBrandShare: 0.45,
  productIdBase: 7301234500000,
  titleStyle: 'brand-first',
  ages: [['AGE_RANGE_18_24', 0.1, 0.8], ['AGE_RANGE_25_34', 0.26, 1.05], ['AGE_RANGE_35_44', 0.25, 1.15], ['AGE_RANGE_45_54', 0.18, 1.1], ['AGE_RANGE_55_64', 0.1, 0.95], ['AGE_RANGE_65_UP', 0.05, 0.8], ['AGE_RANGE_UNDETERMINED', 0.06, 0.85]],
  genders: [['MALE', 0.55, 1.05], ['FEMALE', 0.35, 1.0], ['UNDETERMINED', 0.1, 0.85]],
  families: [
    { count: 12, types: ['Camping', 'Tents', 'Backpacking Tents'], category: 'Sporting Goods > Outdoor Recreation > Camping & Hiking > Tents', colors: ['Forest Green', 'Sand', 'Orange', 'Slate'], materials: ['2-Person', '3-Person', '4-Person', 'Ultralight 1-Person'], nouns: ['Backpacking Tent', 'Dome Tent', 'Trekking Pole Tent'], suffixes: ['', 'with Footprint'], price: [149, 499] },
    { count: 8, types: ['Camping', 'Sleep Systems', 'Sleeping Bags'], category: 'Sporting Goods > Outdoor Recreation > Camping & Hiking > Sleeping Bags', colors: ['Blue', 'Red', 'Charcoal'], materials: ['20°F Down', '30°F Synthetic', '15°F Down', '40°F Synthetic'], nouns: ['Mummy Sleeping Bag', 'Backpacking Quilt'], suffixes: [''], price: [89, 349] },
    { count: 18, types: ['Apparel', 'Jackets', 'Rain Jackets'], category: 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets', colors: ['Black', 'Navy', 'Olive', 'Red', 'Glacier Blue'], materials: ["Men's", "Women's"], nouns: ['Packable Rain Jacket', '3L Shell Jacket', 'Insulated Puffer Jacket', 'Fleece Jacket'], suffixes: [''], price: [79, 329] },
    { count: 16, types: ['Footwear', 'Hiking', 'Hiking Boots'], category: 'Apparel & Accessories > Shoes', colors: ['Brown', 'Charcoal', 'Tan', 'Black/Orange'], materials: ["Men's", "Women's"], nouns: ['Waterproof Hiking Boot', 'Mid Hiking Boot', 'Trail Running Shoe', 'Approach Shoe'], suffixes: [''], price: [89, 229] },
    { count: 14, types: ['Packs', 'Hiking Packs', 'Daypacks'], category: 'Luggage & Bags > Backpacks', colors: ['Black', 'Teal', 'Rust', 'Grey'], materials: ['22L', '30L', '45L', '65L'], nouns: ['Daypack', 'Hiking Backpack', 'Backpacking Pack'], suffixes: ['', 'with Rain Cover'], price: [59, 279] },
    { count: 8, types: ['Camping', 'Camp Kitchen', 'Stoves & Cookware'], category: 'Sporting Goods > Outdoor Recreation > Camping & Hiking > Portable Cooking Stoves', colors: ['Silver', 'Black'], materials: ['Compact', 'Titanium', 'Aluminum'], nouns: ['Canister Stove', 'Cook Set', 'Pot'], suffixes: [''], price: [29, 129] },
    { count: 12, types: ['Accessories', 'Hydration', 'Water Bottles'], category: 'Sporting Goods > Outdoor Recreation > Camping & Hiking > Hydration Systems', colors: ['Black', 'Sage', 'Sky', 'Clay'], materials: ['24oz', '32oz', '2L', '3L'], nouns: ['Insulated Water Bottle', 'Hydration Reservoir', 'Collapsible Bottle'], suffixes: [''], price: [19, 49] },
    { count: 12, types: ['Apparel', 'Accessories', 'Hats'], category: 'Apparel & Accessories > Clothing Accessories > Hats', colors: ['Khaki', 'Black', 'Heather Grey', 'Olive'], materials: ['Merino', 'Nylon', 'Cotton Twill'], nouns: ['Sun Hat', 'Trucker Cap', 'Beanie'], suffixes: [''], price: [24, 45] },
  ],
  campaigns: [
    { id: '18840021551', name: 'Brand | Exact', channel: 'SEARCH', bidding: 'TARGET_IMPRESSION_SHARE', status: 'ENABLED', start: '2021-01-15', weight: 0.08, roas: 3.0, cpc: 0.85, ctr: 0.2, impressionShare: 0.94, aovMult: 1.0, adGroups: [
      { name: 'Brand', weight: 1, keywords: [{ text: 'northwind outfitters', match: 'EXACT' }, { text: 'northwind jackets', match: 'EXACT' }, { text: 'northwind tent', match: 'EXACT' }, { text: 'northwind gear', match: 'EXACT' }],
        nouns: ['northwind outfitters', 'northwind'], prefixes: [''], suffixes: ['coupon', 'promo code', 'jacket', 'hiking boots', 'near me', 'returns', 'sale'], termCount: 10, negatives: ['northwind traders database'] },
    ] },
    { id: '18840022907', name: 'Generic | Phrase - Hiking gear', channel: 'SEARCH', bidding: 'TARGET_ROAS', status: 'ENABLED', start: '2022-03-01', weight: 0.16, roas: 0.8, cpc: 1.6, ctr: 0.045, impressionShare: 0.38, aovMult: 1.0, adGroups: [
      { name: 'Hiking boots', weight: 0.4, keywords: [{ text: 'hiking boots', match: 'PHRASE' }, { text: 'waterproof hiking boots', match: 'PHRASE' }, { text: 'trail running shoes', match: 'PHRASE' }],
        nouns: ['hiking boots', 'hiking shoes', 'trail runners'], prefixes: ['waterproof', 'mens', 'womens', 'lightweight', 'best', 'wide'], suffixes: ['', 'sale', 'for women', 'for men', 'near me'], termCount: 30, negatives: ['hiking boots repair', 'how to lace hiking boots'] },
      { name: 'Backpacks', weight: 0.3, keywords: [{ text: 'hiking backpack', match: 'PHRASE' }, { text: 'daypack', match: 'PHRASE' }],
        nouns: ['hiking backpack', 'daypack', 'backpacking pack'], prefixes: ['', '30l', 'lightweight', 'ultralight', 'waterproof'], suffixes: ['', 'for women', 'with hydration', 'sale'], termCount: 22 },
      { name: 'Rain jackets', weight: 0.3, keywords: [{ text: 'rain jacket', match: 'PHRASE' }, { text: 'waterproof jacket', match: 'PHRASE' }],
        nouns: ['rain jacket', 'shell jacket', 'waterproof jacket'], prefixes: ['mens', 'womens', 'packable', 'lightweight', 'gore tex'], suffixes: ['', 'sale', 'for hiking'], termCount: 22 },
    ] },
    { id: '18840025530', name: 'Generic | Broad - Camping', channel: 'SEARCH', bidding: 'MAXIMIZE_CONVERSION_VALUE', status: 'ENABLED', start: '2025-02-01', weight: 0.1, roas: 0.7, cpc: 1.3, ctr: 0.038, impressionShare: 0.3, aovMult: 1.15, adGroups: [
      { name: 'Tents', weight: 0.55, keywords: [{ text: 'camping tent', match: 'BROAD' }, { text: 'backpacking tent', match: 'BROAD' }],
        nouns: ['tent', 'camping tent', 'backpacking tent'], prefixes: ['2 person', '4 person', 'ultralight', 'family', 'waterproof', '3 season'], suffixes: ['', 'sale', 'for camping', 'with footprint'], termCount: 28, negatives: ['tent rental for party', 'wedding tent'] },
      { name: 'Sleeping bags & stoves', weight: 0.45, keywords: [{ text: 'sleeping bag', match: 'BROAD' }, { text: 'camping stove', match: 'BROAD' }],
        nouns: ['sleeping bag', 'camping stove', 'sleeping pad'], prefixes: ['', '20 degree', 'down', 'lightweight', 'backpacking'], suffixes: ['', 'sale', 'for camping'], termCount: 20 },
    ] },
    { id: '18840019984', name: 'Competitor | Exact', channel: 'SEARCH', bidding: 'MANUAL_CPC', status: 'REMOVED', start: '2023-04-01', last: '2025-01-31', weight: 0.05, roas: 0.4, cpc: 2.4, ctr: 0.027, impressionShare: 0.3, aovMult: 1.0, adGroups: [
      { name: 'Competitors', weight: 1, keywords: [{ text: 'rei hiking boots', match: 'EXACT' }, { text: 'patagonia rain jacket', match: 'EXACT' }, { text: 'the north face tent', match: 'EXACT' }],
        nouns: ['rei', 'patagonia', 'the north face', 'columbia', 'arcteryx'], prefixes: [''], suffixes: ['jacket', 'sale', 'hiking boots', 'tent', 'outlet'], termCount: 14 },
    ] },
    { id: '18840018820', name: 'Shopping | All products', channel: 'SHOPPING', bidding: 'TARGET_ROAS', status: 'ENABLED', start: '2021-01-15', weight: 0.22, roas: 1.0, cpc: 0.9, ctr: 0.012, impressionShare: 0.55, aovMult: 1.0, products: 'all', adGroups: [
      { name: 'All products', weight: 1, keywords: [], ...GEAR_SEARCH, termCount: 45 },
    ] },
    { id: '18840026611', name: 'Shopping | Bestsellers', channel: 'SHOPPING', bidding: 'TARGET_ROAS', status: 'PAUSED', start: '2024-05-01', last: '2026-03-01', weight: 0.1, roas: 1.3, cpc: 1.0, ctr: 0.014, impressionShare: 0.6, aovMult: 1.05, products: 'bestsellers', adGroups: [
      { name: 'Bestsellers', weight: 1, keywords: [], ...GEAR_SEARCH, termCount: 20 },
    ] },
    { id: '18840027745', name: 'PMax | All products', channel: 'PERFORMANCE_MAX', bidding: 'MAXIMIZE_CONVERSION_VALUE', status: 'ENABLED', start: '2024-06-01', weight: 0.22, roas: 1.15, cpc: 0.75, ctr: 0.009, impressionShare: 0.5, aovMult: 1.0, products: 'all', adGroups: [] },
    { id: '18840029902', name: 'PMax | Black Friday', channel: 'PERFORMANCE_MAX', bidding: 'MAXIMIZE_CONVERSION_VALUE', status: 'ENABLED', start: '2025-11-15', last: '2025-12-02', endDate: '2025-12-02', weight: 0.35, roas: 1.3, cpc: 0.8, ctr: 0.011, impressionShare: 0.5, aovMult: 1.1, products: 'bestsellers', adGroups: [] },
    { id: '18840030418', name: 'Generic | Exact - Rain jackets', channel: 'SEARCH', bidding: 'TARGET_CPA', status: 'ENABLED', start: '2025-09-01', weight: 0.07, roas: 0.85, cpc: 1.7, ctr: 0.05, impressionShare: 0.4, aovMult: 1.0, adGroups: [
      { name: 'Rain jackets - Exact', weight: 1, keywords: [{ text: 'mens rain jacket', match: 'EXACT' }, { text: 'womens rain jacket', match: 'EXACT' }, { text: 'packable rain jacket', match: 'EXACT' }],
        nouns: ['rain jacket', 'raincoat'], prefixes: ['mens', 'womens', 'packable', 'best'], suffixes: [''], termCount: 8 },
    ] },
  ],
};
