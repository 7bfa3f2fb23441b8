/** The roles of the admin keys, from the least to the most: each may do what the ones before it may (http/access.ts). */
export const ROLES = ['analyst', 'merchandiser', 'admin'] as const;
export type Role = (typeof ROLES)[number];
