import { hydrateSite } from '#engine'
import { manifest } from './manifest.ts'
import { registry } from './registry.ts'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to hydrate')
void hydrateSite({ manifest, registry, container })
