import type { RelationshipTexts } from '../settings.ts'

/** The relationships a dependent may have to the member. */
export const RELATIONSHIPS = ['spouse', 'partner', 'child', 'other'] as const
export type Relationship = (typeof RELATIONSHIPS)[number]

/** How a dependent is related to the member, in the content's words (forms, lists, ID cards); undefined for none of them. */
export const relationshipWord = (texts: RelationshipTexts, relationship: string): string | undefined =>
  (RELATIONSHIPS as readonly string[]).includes(relationship)
    ? texts[`relationship_${relationship as Relationship}`]
    : undefined
