/**
 * The engine's public entry: what blocks and the site's composition root may use.
 * Blocks import from `#engine` only, never from the engine's files.
 */
export { defineBlock, defineSectionBlock, isSectionKey } from './block.ts'
export { BlockRegistry, UnknownBlockError } from './registry.ts'
export type {
  Block,
  BlockKey,
  BlockModule,
  BlockOptions,
  BlockRenderer,
  CompleteRegistryBlocks,
  RegistryBlocks,
  SectionKey,
} from './block.ts'
export { Section } from './section.tsx'
export type { BlockContext } from './block-context.ts'
export { useEngine, useLocale, type EngineMode } from './engine-context.tsx'
export { localePath, ONE_LANGUAGE, withoutBasename } from './locale.ts'
export { LANGUAGE_CHOICE_PATH, languageChoiceHref } from './language-choice.ts'
export { ShellContext, usePreviewVersion, useSession, useSiteContent, useShellContext } from './site-context.tsx'
export { ApiRequestError, RETRY_STATUSES } from './api-client.ts'
export {
  apiQuery,
  apiQueryKey,
  apiQueryOptions,
  callApi,
  requiredQuery,
  type AnyApiQuery,
  type ApiQuery,
  type ApiTransport,
} from './api.ts'
export type { PageData, PageDataInput, PageGuard, PageGuardInput, PageSections, SectionData } from './block.ts'
export { createPathTo, type PathTo } from './paths.ts'
export { rememberingParser, rememberPer } from './remember.ts'
export { composeTitle, TITLE_SEPARATOR } from './page-title.tsx'
export type { ErrorDescription } from './error-description.ts'
export type {
  ErrorPageTexts,
  IdleWarningTexts,
  TrackingConsentTexts,
  ParamCheck,
  Register,
  SiteChrome,
  SiteConfig,
  SiteContent,
  SiteDefinition,
  SiteLanguage,
  SiteLocales,
  SiteSession,
} from './site.ts'
export { useLogout } from './use-logout.ts'
export { useSetSession } from './session-client.ts'
export { Icon, isIconName, MISSING_ICON_MESSAGE, type IconName } from './ui/icon.tsx'
export { useLoading, type LoadingApi } from './ui/loading.tsx'
export { Toaster, useToast, type ToastApi } from './ui/toasts.tsx'
export { useConfirm, type Confirm } from './ui/confirm.tsx'
// The dialog is `#engine/dialog`: Radix's dialog stays out of the pages that have none. The spinner
// is `#engine/spinner`: only what loads when shown draws it (the overlay, the dialogs), not a page's start. The table is
// `#engine/table`: what every page loads to start (the site's shell imports `#engine`) stays without it.
export { RichText } from './rich-text.tsx'
export type { Sanitize } from './sanitize.ts'
// Navigation for blocks: the router stays an engine detail.
export { Outlet, useHref, useLocation, useNavigate } from 'react-router-dom'
export { Link, NavLink, useLoadWhenIdle } from './prefetch.tsx'
export { BLOCK_CHUNKS_PATH, type BlockChunks } from './block-code.ts'
export { SESSION_KEEP_ALIVE_MS } from './session-limits.ts'
export { staticPart } from './static-html.tsx'
export { useServerText, type ServerText } from './server-text.ts'
export { showProgress } from './progress.tsx'
export { setTrackingConsent } from './tracking-consent.ts'
export { loadBeforeHydration } from './before-hydration.ts'
