import { Icon, isIconName } from '#engine'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionFeaturesProps } from './props.ts'

export default function SectionFeatures({ title, items }: SectionFeaturesProps) {
  return (
    <SectionBand name="features" tone="surface" width="6xl" className="py-14">
      <h2 className="mb-8 text-3xl font-bold">{title}</h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={`${item.title}-${index}`} className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
            {item.icon && isIconName(item.icon) && <Icon name={item.icon} size={28} className="mb-3 text-brand" />}
            <h3 className="text-lg font-semibold">{item.title}</h3>
            <p className="mt-2 text-gray-700">{item.text}</p>
          </li>
        ))}
      </ul>
    </SectionBand>
  )
}
