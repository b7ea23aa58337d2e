// The baseline for page weight: the smallest React app, built by the same Vite in the same run.
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(<p>Hello</p>);
}
