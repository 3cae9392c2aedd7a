import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { dateRangeBodySchema, sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 2, 3, 4, 7 and 9, "Segment dashboard": Google Ads Product Insights (products,
// categories, brands, product types, with drill-down filters) and Google Ads Search Term Insights (server-side
// paging with campaign, ad group and status filters). Figures come from the synced facts of every Google Ads
// account of the brand; ratios from sums; null when a day of the range has not synced (decision 015).

export const PRODUCT_STATUSES = ['UNSPECIFIED', 'UNKNOWN', 'NOT_ELIGIBLE', 'ELIGIBLE_LIMITED', 'ELIGIBLE'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const filterText = (name: string) => z.string({ error: `${name} must be text` }).trim().min(1, { error: `${name} must not be empty` }).max(300, { error: `${name} is too long` });

/** The drill-down filters (spec section 7): a brand, a product type, a category at a level, a status. */
export const segmentFiltersSchema = z.object({
  brands: filterText('brands').optional(),
  productType: filterText('productType').optional(),
  categoryName: filterText('categoryName').optional(),
  /** 1..5, Google's taxonomy levels; without it a category name matches at any level */
  categoryLevel: z.number({ error: 'categoryLevel must be a level from 1 to 5' }).int({ error: 'categoryLevel must be a level from 1 to 5' }).min(1, { error: 'categoryLevel must be a level from 1 to 5' }).max(5, { error: 'categoryLevel must be a level from 1 to 5' }).optional(),
  status: z.enum(PRODUCT_STATUSES, { error: `status must be one of ${PRODUCT_STATUSES.join(', ')}` }).optional(),
});
export type SegmentFilters = z.infer<typeof segmentFiltersSchema>;

export const segmentMetricsRequestSchema = z.intersection(dateRangeBodySchema, segmentFiltersSchema);
export type SegmentMetricsRequest = z.infer<typeof segmentMetricsRequestSchema>;

const figure = z.number().nullable();

/** spec section 3, "Category rows ... metrics": the same figures for every kind of segment row. */
export const segmentMetricsSchema = z.object({
  /** how many products the row sums */
  products: z.number().int(),
  totalCost: figure,
  ROAS: figure,
  conversions: figure,
  ConversionValue: figure,
  /** conversions / clicks x 100 */
  ConversionRate: figure,
  totalClicks: figure,
  impressions: figure,
  /** clicks / impressions x 100 */
  ctr: figure,
  AvgCPC: figure,
});
export type SegmentMetrics = z.infer<typeof segmentMetricsSchema>;

export const productIssueSchema = z.object({ description: z.string(), severity: z.string().optional() });

export const segmentProductSchema = z.object({
  customerId: z.string(),
  itemId: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  productType: z.string().nullable(),
  /** the Google taxonomy path, levels joined with ' > ' */
  category: z.string().nullable(),
  status: z.string(),
  issues: z.array(productIssueSchema),
  metrics: segmentMetricsSchema,
});
export type SegmentProduct = z.infer<typeof segmentProductSchema>;

export interface SegmentCategory {
  name: string;
  level: number;
  /** the levels down to this one, joined with ' > ' */
  path: string;
  subcategories: SegmentCategory[];
  metrics: SegmentMetrics;
}
export const segmentCategorySchema: z.ZodType<SegmentCategory> = z.lazy(() =>
  z.object({ name: z.string(), level: z.number().int(), path: z.string(), subcategories: z.array(segmentCategorySchema), metrics: segmentMetricsSchema }),
);

export const segmentBrandSchema = z.object({ brand: z.string().nullable(), metrics: segmentMetricsSchema });
export const segmentProductTypeSchema = z.object({ productType: z.string().nullable(), metrics: segmentMetricsSchema });
export type SegmentBrand = z.infer<typeof segmentBrandSchema>;
export type SegmentProductType = z.infer<typeof segmentProductTypeSchema>;

const base = { success: z.literal(true), range: z.object({ from: isoDaySchema, to: isoDaySchema }), status: sourceStatusSchema };
export const productMetricsResponseSchema = z.object({ ...base, productsData: z.array(segmentProductSchema) });
export const categoryMetricsResponseSchema = z.object({ ...base, categoriesData: z.array(segmentCategorySchema) });
export const brandMetricsResponseSchema = z.object({ ...base, brandsData: z.array(segmentBrandSchema) });
export const typeMetricsResponseSchema = z.object({ ...base, productTypesData: z.array(segmentProductTypeSchema) });
export type ProductMetricsResponse = z.infer<typeof productMetricsResponseSchema>;
export type CategoryMetricsResponse = z.infer<typeof categoryMetricsResponseSchema>;
export type BrandMetricsResponse = z.infer<typeof brandMetricsResponseSchema>;
export type TypeMetricsResponse = z.infer<typeof typeMetricsResponseSchema>;

/** spec section 9: search-term page size 100. */
export const SEARCH_TERM_PAGE_SIZE = 100;
export const SEARCH_TERM_SORTS = ['searchTerm', 'matchType', 'status', 'campaignName', 'adGroupName', 'cost', 'conversions', 'conversionsValue', 'conversionsRate', 'clicks', 'ctr', 'avg_cpc'] as const;
export type SearchTermSort = (typeof SEARCH_TERM_SORTS)[number];

const pageNumber = (name: string, max: number) =>
  z.number({ error: `${name} must be a whole number from 1 to ${max}` }).int({ error: `${name} must be a whole number from 1 to ${max}` }).min(1, { error: `${name} must be a whole number from 1 to ${max}` }).max(max, { error: `${name} must be a whole number from 1 to ${max}` });

export const searchTermMetricsRequestSchema = z.intersection(
  dateRangeBodySchema,
  z.object({
    limit: pageNumber('limit', 500).default(SEARCH_TERM_PAGE_SIZE),
    /** clamped to the last page on the server */
    page: pageNumber('page', 1_000_000).default(1),
    campaign: filterText('campaign').optional(),
    adGroup: filterText('adGroup').optional(),
    status: filterText('status').optional(),
    sortBy: z.enum(SEARCH_TERM_SORTS, { error: `sortBy must be one of ${SEARCH_TERM_SORTS.join(', ')}` }).default('cost'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  }),
);
export type SearchTermMetricsRequest = z.input<typeof searchTermMetricsRequestSchema>;
export type SearchTermMetricsQuery = z.output<typeof searchTermMetricsRequestSchema>;

export const BEST_PERFORMING = 'Best Performing Keyword';
export const SEARCH_TERM_PERFORMANCE = [BEST_PERFORMING, 'Low Performing Keyword', 'No Conversions'] as const;

/** spec section 3, "Search term row". */
export const searchTermRowSchema = z.object({
  searchTerm: z.string(),
  matchType: z.string().nullable(),
  status: z.string().nullable(),
  campaignName: z.string().nullable(),
  adGroupName: z.string().nullable(),
  cost: figure,
  conversions: figure,
  conversionsValue: figure,
  /** conversions / clicks x 100 */
  conversionsRate: figure,
  clicks: figure,
  impressions: figure,
  ctr: figure,
  avg_cpc: figure,
  performance: z.enum(SEARCH_TERM_PERFORMANCE).nullable(),
});
export type SearchTermRow = z.infer<typeof searchTermRowSchema>;

export const searchTermMetricsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(searchTermRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
  campaignAdGroupPairs: z.array(z.object({ campaignName: z.string(), adGroups: z.array(z.string()) })),
  statusOptions: z.array(z.string()),
  /** why figures are missing, when they are; empty otherwise */
  message: z.string(),
  status: sourceStatusSchema,
});
export type SearchTermMetricsResponse = z.infer<typeof searchTermMetricsResponseSchema>;
