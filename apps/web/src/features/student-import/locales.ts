export const studentImportZh = {};

export const studentImportEn: typeof studentImportZh = {};
