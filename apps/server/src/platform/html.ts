/** Escapes text for HTML content and quoted attribute values (& < > " ' as numeric references). */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
