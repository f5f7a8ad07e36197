/** The page object of the Inertia v3 protocol, as the server sends it. */
export interface Page {
  component: string;
  props: Record<string, unknown> & { errors: Record<string, unknown> };
  url: string;
  version: string;
  encryptHistory?: true;
  clearHistory?: true;
  preserveFragment?: true;
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
  deferredProps?: Record<string, string[]>;
  onceProps?: Record<string, { prop: string; expiresAt: number | null }>;
  sharedProps?: string[];
  flash?: Record<string, unknown>;
}

/** JSON for a `<script type="application/json">` body: nothing in it can close the script. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
