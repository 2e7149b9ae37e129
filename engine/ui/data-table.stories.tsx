import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { DataTable, type DataColumn } from './data-table.tsx'

interface Visit {
  path: string
  views: number
  lcp: string
}

const VISITS: Visit[] = [
  { path: '/', views: 1200, lcp: '1.20 s' },
  { path: '/find-a-dentist', views: 310, lcp: '1.90 s' },
]

const COLUMNS: DataColumn<Visit>[] = [
  { header: 'Page', cell: (visit) => visit.path, rowHeader: true, className: 'p-2', cellClassName: 'font-normal' },
  { header: 'Views', cell: (visit) => visit.views, align: 'right', className: 'p-2' },
  { header: 'LCP', cell: (visit) => visit.lcp, align: 'right', className: 'p-2' },
]

/** A table of rows written once: caption, column headers, row headers; its look comes from its classes. */
const meta = {
  title: 'Engine/Data table',
  component: DataTable<Visit>,
  args: {
    caption: 'Visits per page',
    columns: COLUMNS,
    rows: VISITS,
    rowKey: (visit: Visit) => visit.path,
    className: 'm-6 text-left text-sm',
    headRowClassName: 'border-b border-gray-300',
    rowClassName: 'border-b border-gray-200',
  },
} satisfies Meta<typeof DataTable<Visit>>
export default meta
type Story = StoryObj<typeof meta>

/** The caption names the table for assistive technology but is not shown. */
export const HiddenCaption: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Visits per page' })
    await expect(table.querySelector('caption')).toHaveClass('sr-only')
    const headers = within(table).getAllByRole('columnheader')
    await expect(headers.map((header) => header.textContent)).toEqual(['Page', 'Views', 'LCP'])
    await expect(headers.map((header) => header.getAttribute('scope'))).toEqual(['col', 'col', 'col'])
    await expect(headers[1]).toHaveClass('text-right')
    const row = within(table).getByRole('row', { name: /find-a-dentist/ })
    await expect(within(row).getByRole('rowheader')).toHaveAttribute('scope', 'row')
    await expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['310', '1.90 s'])
  },
}

/** A caption the page shows, styled by its classes. */
export const VisibleCaption: Story = {
  args: { captionClassName: 'pb-2 text-left font-semibold' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Visits per page')).toBeVisible()
  },
}

/** No rows: one cell across the columns says so. */
export const Empty: Story = {
  args: { rows: [], empty: 'No visits in this period.' },
  play: async ({ canvasElement }) => {
    const cell = within(canvasElement).getByRole('cell', { name: 'No visits in this period.' })
    await expect(cell).toHaveAttribute('colspan', '3')
  },
}
