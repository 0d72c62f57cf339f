export const schoolZh = {};

export const schoolEn: typeof schoolZh = {};
