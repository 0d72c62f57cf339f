export const studentsZh = {};

export const studentsEn: typeof studentsZh = {};
