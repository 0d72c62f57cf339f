export const importMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
