export const systemZh = {};

export const systemEn: typeof systemZh = {};
