/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const settingsKeys = { all: ['admin', 'settings'] as const };
