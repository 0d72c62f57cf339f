export const collegesZh = {};

export const collegesEn: typeof collegesZh = {};
