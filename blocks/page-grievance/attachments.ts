import { GRIEVANCE_ATTACHMENTS } from '#schemas/api/grievance-attachments.ts'
import type { GrievanceAttachment } from '#schemas/api/grievances.ts'

/** A chosen file, read for sending, with its size for the review. */
export interface ChosenFile extends GrievanceAttachment {
  size: number
}

const MEGABYTE = 1024 * 1024
export const fileSize = (bytes: number) =>
  bytes >= MEGABYTE / 10 ? `${(bytes / MEGABYTE).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
export const ACCEPT = Object.keys(GRIEVANCE_ATTACHMENTS.types).join(',')
const kinds: string[] = Object.values(GRIEVANCE_ATTACHMENTS.types)
const KINDS = `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`

/** What is wrong with a file for a grievance (type, size, how many), or undefined. */
export function fileProblem(
  file: { name: string; type: string; size: number },
  alreadyChosen: number,
): string | undefined {
  if (alreadyChosen >= GRIEVANCE_ATTACHMENTS.maxFiles)
    return `${file.name}: attach at most ${GRIEVANCE_ATTACHMENTS.maxFiles} files.`
  if (!(file.type in GRIEVANCE_ATTACHMENTS.types)) return `${file.name} is not a ${KINDS} file.`
  if (file.size === 0) return `${file.name} is empty.`
  if (file.size > GRIEVANCE_ATTACHMENTS.maxBytes)
    return `${file.name} is ${fileSize(file.size)}: each file must be 2 MB or smaller.`
  return undefined
}

/** Reads a file as base64 (what the endpoint takes). */
export function readFile(file: File): Promise<ChosenFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`))
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve({
        name: file.name,
        type: file.type as ChosenFile['type'],
        size: file.size,
        dataBase64: url.slice(url.indexOf(',') + 1),
      })
    }
    reader.readAsDataURL(file)
  })
}
