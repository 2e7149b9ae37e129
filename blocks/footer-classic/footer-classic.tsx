import { SiteLink } from '../kit/site-link.tsx'
import type { FooterClassicProps } from './block.ts'

export default function FooterClassic({ footer, siteName, companyName, year }: FooterClassicProps) {
  const copyright = (
    <p className="text-sm text-gray-300">
      © {year} {companyName}. All rights reserved.
    </p>
  )
  return (
    <footer className="bg-gray-900 text-gray-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          {footer.footer_logo ? (
            <img src={footer.footer_logo} alt={footer.footer_logo_alt ?? siteName} width={300} height={73} className="h-12 w-auto" />
          ) : (
            <p className="text-2xl font-bold">{siteName}</p>
          )}
          {(footer.sponsored_by_text || footer.sponsored_logo) && (
            <div className="flex items-center gap-3 text-sm text-gray-300">
              {footer.sponsored_by_text && <span>{footer.sponsored_by_text}</span>}
              {footer.sponsored_logo &&
                (footer.sponsored_link ? (
                  <SiteLink href={footer.sponsored_link} external>
                    <img src={footer.sponsored_logo} alt="Sponsor" className="h-8 w-auto" />
                  </SiteLink>
                ) : (
                  <img src={footer.sponsored_logo} alt="Sponsor" className="h-8 w-auto" />
                ))}
            </div>
          )}
        </div>
        <nav aria-label="Footer" className="md:justify-self-end">
          {footer.show_copyright_on_top && copyright}
          <ul className="mt-2 grid grid-cols-2 gap-x-8 gap-y-2">
            {footer.footer_nav.map((item, index) => (
              <li key={`${item.title}-${index}`}>
                <SiteLink href={item.link} external={item.external} className="hover:underline">
                  {item.title}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-gray-700">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6">
          {footer.footer_txt && <p className="text-xs leading-relaxed text-gray-300">{footer.footer_txt}</p>}
          {!footer.show_copyright_on_top && copyright}
        </div>
      </div>
    </footer>
  )
}
