import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { screens } from './screens.ts'
import './console.css'

const container = document.getElementById('console')
if (!container) throw new Error('The console page has no #console element')
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })}
    >
      <App screens={screens} />
    </QueryClientProvider>
  </StrictMode>,
)
