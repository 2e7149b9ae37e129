import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import './playground.css'

const container = document.getElementById('playground')
if (!container) throw new Error('The playground page has no #playground element')
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })}
    >
      <App />
    </QueryClientProvider>
  </StrictMode>,
)
