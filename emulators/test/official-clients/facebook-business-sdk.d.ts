// The SDK ships Flow types only: the part of its surface the official-client test uses.
declare module 'facebook-nodejs-business-sdk' {
  interface Node {
    readonly id: string;
    readonly _data: Record<string, unknown>;
    [field: string]: unknown;
  }
  export interface Cursor<T> extends Array<T> {
    hasNext(): boolean;
    next(): Promise<Cursor<T>>;
  }
  export class FacebookAdsApi {
    static init(accessToken: string, locale?: string, crashLog?: boolean): FacebookAdsApi;
    static readonly VERSION: string;
    static readonly GRAPH: string;
  }
  export class User implements Node {
    constructor(id: string);
    readonly id: string;
    readonly _data: Record<string, unknown>;
    [field: string]: unknown;
    get(fields: string[], params?: Record<string, unknown>): Promise<User>;
    getAdAccounts(fields: string[], params?: Record<string, unknown>): Promise<Cursor<AdAccount>>;
  }
  export class AdAccount implements Node {
    constructor(id: string);
    readonly id: string;
    readonly _data: Record<string, unknown>;
    [field: string]: unknown;
    get(fields: string[], params?: Record<string, unknown>): Promise<AdAccount>;
    getCampaigns(fields: string[], params?: Record<string, unknown>): Promise<Cursor<Node>>;
    getAdSets(fields: string[], params?: Record<string, unknown>): Promise<Cursor<Node>>;
    getInsights(fields: string[], params?: Record<string, unknown>): Promise<Cursor<Node>>;
    getInsightsAsync(fields: string[], params?: Record<string, unknown>): Promise<AdReportRun>;
  }
  export class AdReportRun implements Node {
    readonly id: string;
    readonly _data: Record<string, unknown>;
    [field: string]: unknown;
    get(fields: string[], params?: Record<string, unknown>): Promise<AdReportRun>;
    getInsights(fields: string[], params?: Record<string, unknown>): Promise<Cursor<Node>>;
  }
}
