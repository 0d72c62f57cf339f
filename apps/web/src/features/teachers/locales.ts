export const teachersZh = {};

export const teachersEn: typeof teachersZh = {};
