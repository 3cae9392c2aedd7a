import type { MerchantCatalog } from './catalog-types.js';

// 'demo': an Indian ethnic-fashion D2C store (INR, Asia/Kolkata) on Shopify, run by an agency MCC.

const SAREE_SEARCH = { nouns: ['saree', 'kurta set', 'lehenga', 'dupatta', 'anarkali dress', 'jhumka earrings', 'nehru jacket', 'sharara set'], prefixes: ['red', 'silk', 'cotton', 'designer', 'banarasi', 'embroidered', 'women', 'men', 'party wear'], suffixes: ['', 'online', 'price', 'for wedding', 'for women'] };

export const DEMO_CATALOG: MerchantCatalog = {
  merchantCenterId: '512345678',
  country: 'IN',
  brands: ['Parallels Label', 'Kalaa Weaves', 'Rangsutra House', 'Noor & Co.', 'Vastra Studio'],
  houseBrandShare: 0.5,
  productIdBase: 8412345600000,
  titleStyle: 'color-first',
  ages: [['AGE_RANGE_18_24', 0.14, 0.8], ['AGE_RANGE_25_34', 0.36, 1.1], ['AGE_RANGE_35_44', 0.24, 1.15], ['AGE_RANGE_45_54', 0.12, 1.0], ['AGE_RANGE_55_64', 0.05, 0.9], ['AGE_RANGE_65_UP', 0.02, 0.7], ['AGE_RANGE_UNDETERMINED', 0.07, 0.85]],
  genders: [['FEMALE', 0.68, 1.1], ['MALE', 0.22, 0.8], ['UNDETERMINED', 0.1, 0.85]],
  families: [
    { count: 36, types: ['Women', 'Sarees', '{material} Sarees'], category: 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas', colors: ['Maroon', 'Emerald Green', 'Mustard Yellow', 'Royal Blue', 'Peach', 'Ivory', 'Magenta', 'Black', 'Teal', 'Rani Pink', 'Bottle Green', 'Wine'], materials: ['Banarasi Silk', 'Kanjivaram Silk', 'Georgette', 'Chiffon', 'Cotton', 'Organza', 'Chanderi', 'Linen'], nouns: ['Saree'], suffixes: ['with Zari Border', 'with Blouse Piece', 'with Woven Motifs', 'with Sequin Work', ''], price: [2499, 14999] },
    { count: 30, types: ['Women', 'Kurtas & Suits', 'Kurtas'], category: 'Apparel & Accessories > Clothing > Shirts & Tops', colors: ['Indigo', 'White', 'Mustard', 'Pink', 'Sage Green', 'Black', 'Coral', 'Sky Blue'], materials: ['Cotton', 'Rayon', 'Chanderi', 'Mul Cotton', 'Silk Blend', 'Linen'], nouns: ['Anarkali Kurta', 'Straight Kurta', 'A-Line Kurta', 'Angrakha Kurta', 'Kurti'], suffixes: ['with Block Print', 'with Chikankari Embroidery', 'with Mirror Work', 'with Floral Print', 'with Bandhani Print'], price: [999, 3999] },
    { count: 16, types: ['Women', 'Kurtas & Suits', 'Kurta Sets'], category: 'Apparel & Accessories > Clothing > Outfit Sets', colors: ['Lilac', 'Mint Green', 'Maroon', 'Yellow', 'Off White', 'Navy Blue'], materials: ['Cotton', 'Georgette', 'Silk Blend', 'Muslin'], nouns: ['Kurta Set', 'Sharara Set', 'Palazzo Set', 'Salwar Suit'], suffixes: ['with Dupatta', '(3 Piece)', 'with Embroidered Yoke'], price: [1999, 6999] },
    { count: 12, types: ['Women', 'Lehengas', '{material} Lehengas'], category: 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas', colors: ['Red', 'Pastel Pink', 'Maroon', 'Sea Green', 'Gold'], materials: ['Velvet', 'Net', 'Silk', 'Georgette'], nouns: ['Lehenga Choli', 'Bridal Lehenga', 'Party Wear Lehenga'], suffixes: ['with Dupatta', 'with Zardozi Work', 'with Mirror Work'], price: [5999, 39999] },
    { count: 8, types: ['Women', 'Accessories', 'Dupattas'], category: 'Apparel & Accessories > Clothing Accessories > Scarves & Shawls', colors: ['Red', 'Orange', 'Pink', 'Green', 'Multicolour'], materials: ['Phulkari', 'Banarasi', 'Chiffon', 'Cotton'], nouns: ['Dupatta'], suffixes: ['with Tassels', 'with Gota Patti', ''], price: [699, 2999] },
    { count: 12, types: ['Men', 'Kurtas', 'Kurta Sets'], category: 'Apparel & Accessories > Clothing > Shirts & Tops', colors: ['White', 'Cream', 'Navy', 'Maroon', 'Olive'], materials: ['Cotton', 'Silk Blend', 'Linen'], nouns: ['Kurta Pajama Set', 'Pathani Kurta', 'Short Kurta'], suffixes: ['', 'with Pocket'], price: [1499, 4999] },
    { count: 6, types: ['Men', 'Jackets', 'Nehru Jackets'], category: 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets', colors: ['Black', 'Beige', 'Wine', 'Teal'], materials: ['Velvet', 'Jacquard', 'Linen'], nouns: ['Nehru Jacket', 'Bandhgala Jacket'], suffixes: [''], price: [1999, 5999] },
    { count: 10, types: ['Accessories', 'Jewellery', 'Earrings'], category: 'Apparel & Accessories > Jewelry > Earrings', colors: ['Silver', 'Gold', 'Green', 'Red'], materials: ['Oxidised Silver', 'Gold Plated', 'Kundan'], nouns: ['Jhumka Earrings', 'Chandbali Earrings', 'Stud Earrings'], suffixes: ['with Pearls', ''], price: [499, 2499] },
  ],
  campaigns: [
    { id: '20931540017', name: 'Brand | Exact', channel: 'SEARCH', bidding: 'TARGET_IMPRESSION_SHARE', status: 'ENABLED', start: '2021-03-01', weight: 0.09, roas: 3.4, cpc: 5.5, ctr: 0.19, impressionShare: 0.93, aovMult: 1.0, adGroups: [
      { name: 'Brand - Core', weight: 0.85, keywords: [{ text: 'parallels', match: 'EXACT' }, { text: 'parallels store', match: 'EXACT' }, { text: 'parallels ethnic wear', match: 'EXACT' }, { text: 'parallels sarees', match: 'EXACT' }, { text: 'parallels kurtas', match: 'EXACT' }, { text: 'parallels online', match: 'EXACT' }, { text: 'parallels clothing', match: 'EXACT', paused: true }],
        nouns: ['parallels'], prefixes: [''], suffixes: ['sale', 'coupon code', 'store near me', 'lehenga', 'kurta set', 'new collection', 'customer care', 'return policy', 'discount', 'app'], termCount: 10, negatives: ['parallels jobs', 'parallels careers'] },
      { name: 'Brand - Misspellings', weight: 0.15, keywords: [{ text: 'paralels', match: 'EXACT' }, { text: 'parallel store', match: 'EXACT' }, { text: 'parrallels', match: 'EXACT' }, { text: 'paralells', match: 'EXACT' }] },
    ] },
    { id: '20931540233', name: 'Generic | Phrase - Ethnic wear', channel: 'SEARCH', bidding: 'TARGET_ROAS', status: 'ENABLED', start: '2022-01-10', weight: 0.15, roas: 0.8, cpc: 13, ctr: 0.048, impressionShare: 0.41, aovMult: 1.05, adGroups: [
      { name: 'Kurtas', weight: 0.35, keywords: [{ text: 'women kurta', match: 'PHRASE' }, { text: 'cotton kurta', match: 'PHRASE' }, { text: 'anarkali kurta', match: 'PHRASE' }, { text: 'kurta set for women', match: 'PHRASE' }, { text: 'printed kurti', match: 'PHRASE', paused: true }],
        nouns: ['kurta', 'kurti', 'kurta set', 'anarkali'], prefixes: ['cotton', 'women', 'designer', 'printed', 'white', 'black', 'rayon', 'chikankari', 'party wear', 'office wear', 'long', 'straight'], suffixes: ['online', 'for women', 'with dupatta', 'under 1000', 'combo', 'latest design', 'plus size', ''], termCount: 30, negatives: ['kurti stitching pattern', 'kurta cutting video', 'free kurti design pdf'] },
      { name: 'Sarees', weight: 0.3, keywords: [{ text: 'silk saree', match: 'PHRASE' }, { text: 'designer saree', match: 'PHRASE' }, { text: 'party wear saree', match: 'PHRASE' }, { text: 'saree online', match: 'PHRASE' }],
        nouns: ['saree', 'sari', 'sarees'], prefixes: ['silk', 'banarasi', 'kanjivaram', 'georgette', 'chiffon', 'organza', 'cotton', 'red', 'designer', 'wedding', 'half'], suffixes: ['online', 'for wedding', 'with blouse', 'under 2000', 'price', 'new design', ''], termCount: 30, negatives: ['saree draping video', 'how to wear saree', 'saree on rent'] },
      { name: 'Lehengas', weight: 0.2, keywords: [{ text: 'lehenga choli', match: 'PHRASE' }, { text: 'bridal lehenga', match: 'PHRASE' }, { text: 'party wear lehenga', match: 'PHRASE' }],
        nouns: ['lehenga', 'lehenga choli', 'ghagra'], prefixes: ['bridal', 'red', 'pink', 'designer', 'net', 'velvet', 'lightweight', 'pastel'], suffixes: ['online', 'for wedding', 'under 5000', 'for girls', 'with price', ''], termCount: 25, negatives: ['lehenga on rent', 'second hand lehenga'] },
      { name: 'Salwar suits', weight: 0.15, keywords: [{ text: 'salwar suit', match: 'PHRASE' }, { text: 'punjabi suit', match: 'PHRASE' }, { text: 'sharara set', match: 'PHRASE' }],
        nouns: ['salwar suit', 'punjabi suit', 'sharara set', 'palazzo suit'], prefixes: ['cotton', 'designer', 'party wear', 'embroidered', 'readymade', 'pakistani'], suffixes: ['online', 'for women', 'with dupatta', 'latest', ''], termCount: 20 },
    ] },
    { id: '20931541108', name: 'Generic | Broad - Sarees', channel: 'SEARCH', bidding: 'MAXIMIZE_CONVERSION_VALUE', status: 'ENABLED', start: '2024-08-01', weight: 0.08, roas: 0.7, cpc: 10, ctr: 0.036, impressionShare: 0.28, aovMult: 1.1, adGroups: [
      { name: 'Silk sarees', weight: 0.5, keywords: [{ text: 'silk sarees', match: 'BROAD' }, { text: 'banarasi silk saree', match: 'BROAD' }, { text: 'kanjivaram saree', match: 'BROAD' }],
        nouns: ['saree', 'silk saree', 'pattu saree'], prefixes: ['pure', 'banarasi', 'kanjivaram', 'soft', 'mysore', 'tussar', 'handloom'], suffixes: ['online shopping', 'with price', 'for bride', 'latest', 'south indian', ''], termCount: 28 },
      { name: 'Cotton & daily wear', weight: 0.5, keywords: [{ text: 'cotton saree', match: 'BROAD' }, { text: 'daily wear saree', match: 'BROAD' }],
        nouns: ['cotton saree', 'linen saree', 'handloom saree', 'mul cotton saree'], prefixes: ['', 'printed', 'bengal', 'office wear', 'summer'], suffixes: ['online', 'under 1000', 'for office', 'combo', ''], termCount: 18, negatives: ['saree wholesale market surat'] },
    ] },
    { id: '20931539876', name: 'Competitor | Exact', channel: 'SEARCH', bidding: 'MANUAL_CPC', status: 'PAUSED', start: '2023-06-01', last: '2025-09-30', weight: 0.05, roas: 0.45, cpc: 21, ctr: 0.026, impressionShare: 0.35, aovMult: 1.0, adGroups: [
      { name: 'Competitors - Marketplaces', weight: 0.6, keywords: [{ text: 'myntra kurtas', match: 'EXACT' }, { text: 'ajio sarees', match: 'EXACT' }, { text: 'nykaa fashion lehenga', match: 'EXACT' }],
        nouns: ['myntra', 'ajio', 'nykaa fashion'], prefixes: [''], suffixes: ['kurtas', 'sarees', 'ethnic wear', 'lehenga', 'kurta sets sale'], termCount: 10 },
      { name: 'Competitors - D2C brands', weight: 0.4, keywords: [{ text: 'fabindia kurta', match: 'EXACT' }, { text: 'biba suits', match: 'EXACT' }, { text: 'w for woman kurta', match: 'EXACT' }],
        nouns: ['fabindia', 'biba', 'w for woman', 'libas', 'global desi'], prefixes: [''], suffixes: ['kurta', 'suits', 'sale', 'online', 'dresses'], termCount: 12 },
    ] },
    { id: '20931538441', name: 'Generic | Exact - Lehenga (Wedding season)', channel: 'SEARCH', bidding: 'TARGET_CPA', status: 'REMOVED', start: '2023-10-01', last: '2024-02-29', weight: 0.1, roas: 0.9, cpc: 16, ctr: 0.052, impressionShare: 0.38, aovMult: 1.6, adGroups: [
      { name: 'Bridal lehengas', weight: 0.6, keywords: [{ text: 'bridal lehenga', match: 'EXACT' }, { text: 'wedding lehenga', match: 'EXACT' }, { text: 'red bridal lehenga', match: 'EXACT' }],
        nouns: ['bridal lehenga', 'wedding lehenga'], prefixes: ['red', 'maroon', 'heavy', 'designer', 'budget'], suffixes: ['', 'online', 'with price'], termCount: 12 },
      { name: 'Reception & sangeet', weight: 0.4, keywords: [{ text: 'reception lehenga', match: 'EXACT' }, { text: 'sangeet outfit', match: 'EXACT' }],
        nouns: ['reception lehenga', 'sangeet dress', 'mehendi outfit'], prefixes: ['', 'indo western', 'pastel', 'green'], suffixes: ['', 'for bride', 'for sister'], termCount: 10 },
    ] },
    { id: '20931542290', name: 'Generic | Phrase - Men ethnic', channel: 'SEARCH', bidding: 'TARGET_ROAS', status: 'PAUSED', start: '2024-03-01', last: '2026-04-20', weight: 0.06, roas: 0.6, cpc: 11, ctr: 0.041, impressionShare: 0.33, aovMult: 0.9, adGroups: [
      { name: 'Men kurtas', weight: 0.6, keywords: [{ text: 'men kurta', match: 'PHRASE' }, { text: 'kurta pajama set', match: 'PHRASE' }],
        nouns: ['kurta', 'kurta pajama', 'pathani suit'], prefixes: ['men', 'cotton', 'silk', 'white', 'wedding'], suffixes: ['online', 'for men', 'set', 'for wedding', ''], termCount: 20 },
      { name: 'Nehru jackets & sherwanis', weight: 0.4, keywords: [{ text: 'nehru jacket', match: 'PHRASE' }, { text: 'sherwani for groom', match: 'PHRASE' }],
        nouns: ['nehru jacket', 'modi jacket', 'sherwani', 'bandhgala'], prefixes: ['men', 'wedding', 'velvet', 'printed'], suffixes: ['online', 'for groom', 'with kurta', ''], termCount: 14 },
    ] },
    { id: '20931536612', name: 'Shopping | All products', channel: 'SHOPPING', bidding: 'TARGET_ROAS', status: 'ENABLED', start: '2021-04-01', weight: 0.2, roas: 1.0, cpc: 7.5, ctr: 0.011, impressionShare: 0.52, aovMult: 1.0, products: 'all', adGroups: [
      { name: 'All products', weight: 1, keywords: [], ...SAREE_SEARCH, termCount: 45 },
    ] },
    { id: '20931543007', name: 'Shopping | Bestsellers', channel: 'SHOPPING', bidding: 'TARGET_ROAS', status: 'ENABLED', start: '2025-03-10', weight: 0.1, roas: 1.35, cpc: 8.5, ctr: 0.014, impressionShare: 0.61, aovMult: 1.05, products: 'bestsellers', adGroups: [
      { name: 'Bestsellers - Top 20', weight: 1, keywords: [], ...SAREE_SEARCH, termCount: 25 },
    ] },
    { id: '20931544512', name: 'PMax | All products', channel: 'PERFORMANCE_MAX', bidding: 'MAXIMIZE_CONVERSION_VALUE', status: 'ENABLED', start: '2024-09-15', weight: 0.22, roas: 1.15, cpc: 6, ctr: 0.009, impressionShare: 0.5, aovMult: 1.0, products: 'all', adGroups: [] },
    { id: '20931546020', name: 'PMax | Festive - Diwali', channel: 'PERFORMANCE_MAX', bidding: 'MAXIMIZE_CONVERSION_VALUE', status: 'ENABLED', start: '2025-10-01', last: '2025-11-10', endDate: '2025-11-10', weight: 0.35, roas: 1.25, cpc: 7, ctr: 0.01, impressionShare: 0.5, aovMult: 1.2, products: 'bestsellers', adGroups: [] },
    { id: '20931537725', name: 'Shopping | Clearance (Q1)', channel: 'SHOPPING', bidding: 'TARGET_SPEND', status: 'REMOVED', start: '2024-01-05', last: '2024-03-31', weight: 0.08, roas: 0.9, cpc: 5, ctr: 0.013, impressionShare: 0.4, aovMult: 0.7, products: 'clearance', adGroups: [
      { name: 'Clearance', weight: 1, keywords: [], ...SAREE_SEARCH, termCount: 15 },
    ] },
    { id: '20931547733', name: 'Brand | Phrase - Collections', channel: 'SEARCH', bidding: 'MAXIMIZE_CONVERSIONS', status: 'ENABLED', start: '2026-02-01', weight: 0.04, roas: 2.2, cpc: 7, ctr: 0.12, impressionShare: 0.85, aovMult: 1.0, adGroups: [
      { name: 'Collections', weight: 1, keywords: [{ text: 'parallels festive collection', match: 'PHRASE' }, { text: 'parallels wedding collection', match: 'PHRASE' }],
        nouns: ['parallels'], prefixes: [''], suffixes: ['festive collection', 'wedding collection', 'summer collection', 'new arrivals', 'diwali sale', 'eid collection'], termCount: 6 },
    ] },
  ],
};
