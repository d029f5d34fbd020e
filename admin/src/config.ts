/** Read once at start from /admin/config.json (served by the site server from its API_ORIGIN). */
export interface AdminConfig {
  apiOrigin: string;
  /** The public site, for "view on site" links. */
  siteOrigin: string;
}

let config: AdminConfig | null = null;

export async function loadConfig(): Promise<AdminConfig> {
  const res = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json answered ${res.status}`);
  config = (await res.json()) as AdminConfig;
  return config;
}

export function getConfig(): AdminConfig {
  if (!config) throw new Error('config not loaded');
  return config;
}
