/**
 * Set on a lab frame once its page has loaded (by `LabFrame`); before that, a message posted to
 * the frame reaches the blank page it starts with and is lost.
 */
export const frameLoadedAttribute = 'data-loaded';
