const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or body value can be one of our row ids: anything else is not found, not a 500. */
export const isUuid = (value: string) => UUID.test(value);
