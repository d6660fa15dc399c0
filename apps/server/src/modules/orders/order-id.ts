/** Order ids are the client's UUIDs (docs/rules/entities.md): a reference that is not one names no order of ours, and never reaches a query. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isOrderId = (value: string | null | undefined): value is string => typeof value === 'string' && ORDER_ID.test(value);
