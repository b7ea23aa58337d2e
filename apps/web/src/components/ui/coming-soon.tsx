import { Link } from 'react-router';
import { PageTitle } from './page-title.tsx';

interface ComingSoonProps {
  title: string;
  text: string;
  homeLabel: string;
  homeHref: string;
}

/** Shared placeholder for screens a later issue builds: the screen's name and a short note. */
export function ComingSoon({ title, text, homeLabel, homeHref }: ComingSoonProps) {
  return (
    <div className="app-stack">
      <PageTitle>{title}</PageTitle>
      <p className="app-text">{text}</p>
      <p className="app-text">
        <Link className="app-link" to={homeHref}>
          {homeLabel}
        </Link>
      </p>
    </div>
  );
}
