/** Escapes text for HTML content and quoted attribute values (& < > " ' as numeric references). */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site icon for the head of every server-rendered page: /favicon.ico, the web app's own SVG (web-app.ts). */
export const FAVICON_LINK = '<link rel="icon" href="/favicon.ico" type="image/svg+xml">';
