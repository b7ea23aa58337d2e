/**
 * What a query or mutation tells the common layout about itself (spec 1 §7 loader, §8 banner).
 * `url` is the path called, matched against the exclusion lists; `loader: false` and
 * `errorBanner: false` opt out explicitly (screens that show their own progress or error).
 */
export interface AppRequestMeta extends Record<string, unknown> {
  url?: string;
  loader?: boolean;
  errorBanner?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppRequestMeta;
    mutationMeta: AppRequestMeta;
  }
}
