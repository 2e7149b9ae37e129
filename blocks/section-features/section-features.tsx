import { Icon, isIconName } from '#engine'
import type { SectionFeaturesProps } from './props.ts'

export default function SectionFeatures({ title, items }: SectionFeaturesProps) {
  return (
    <section className="bg-surface text-body" data-section="features">
      <div className="mx-auto max-w-6xl px-4 py-14">
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
      </div>
    </section>
  )
}
