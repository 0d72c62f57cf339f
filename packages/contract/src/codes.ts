/** Response codes of the envelope. Only `OK` is success. */
export const ResponseCode = {
  OK: 200,
  UNAUTHORIZED: 401,
  BUSY: 601,
  INVALID: 9000,
  FAILED: 9999,
  SILENT: -999999,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];
