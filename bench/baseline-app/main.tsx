/**
 * The baseline of bench/initial-js.ts: the least a React 19 + react-router 7 site hydrates (two
 * routes, a data router, hydrateRoot). Built by the bench with Vite's defaults into a temp folder.
 */
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom'

function Layout() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link> <Link to="/about">About</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  )
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <h1>Home</h1> },
      { path: 'about', element: <h1>About</h1> },
    ],
  },
])

const container = document.getElementById('root')
if (!container) throw new Error('No #root element to hydrate')
hydrateRoot(
  container,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
