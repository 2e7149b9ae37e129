/** The console's grievances folder's door: what other screens use of it (a lint zone refuses any other way in). */
export { CATEGORY_LABELS, STATUS_LABELS } from './labels.tsx'
