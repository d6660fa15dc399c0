const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A quick shape check before calling the server, which validates for real. */
export const looksLikeEmail = (value: string): boolean => EMAIL.test(value.trim());
