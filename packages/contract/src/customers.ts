export const customerMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
