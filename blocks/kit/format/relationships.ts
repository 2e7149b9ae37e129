/** How a dependent is related to the member, as a person reads it (forms, lists, ID cards). */
export const RELATIONSHIPS = { spouse: 'Spouse', partner: 'Partner', child: 'Child', other: 'Other' } as const
