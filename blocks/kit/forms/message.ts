import { useContext } from 'react'
import { ShellContext } from '#engine'

/**
 * A message (a form's own check, a password rule) in the page's words, from the content's
 * `base.variables.messages` (schemas/messages.ts): what a form shows beside its field or in its
 * alert; outside a site (a block alone), the message as written. The browser words a message it
 * knows whole: the server's answers come worded already, their values filled in (`wordAnswer`),
 * and the template matching stays out of a page's start (bench/: /support has a form in it).
 */
export function useMessage(): (message: string) => string {
  const words = useContext(ShellContext)?.content.base.variables.messages as
    Readonly<Record<string, string>> | undefined
  return (message) => (words && Object.hasOwn(words, message) ? words[message]! : message)
}
