/** @fastify/multipart's error for a file over `limits.fileSize` (thrown while the file streams in). */
export const isFileTooLarge = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
