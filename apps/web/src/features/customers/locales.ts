export const customersZh = {};

export const customersEn: typeof customersZh = {};
