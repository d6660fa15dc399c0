import type { FastifyRequest } from 'fastify';

/** The language of emails sent for a request: Chinese when the browser asks for it first, else English. */
export const emailLanguageOf = (request: FastifyRequest): 'en' | 'zh' =>
  String(request.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('zh')
    ? 'zh'
    : 'en';
