interface BrandLogoProps {
  appName: string;
  /** A logo URL from the branding settings (spec 1 §1); the default mark otherwise. */
  logo: string | null;
  alt: string;
}

/** The brand logo with the app name; decorative mark when no logo is configured. */
export function BrandLogo({ appName, logo, alt }: BrandLogoProps) {
  if (logo) {
    return (
      <span className="app-logo">
        <img src={logo} alt={alt} />
      </span>
    );
  }
  return (
    <span className="app-logo">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="currentColor" opacity="0.15" />
        <path d="M17 9h6v8h8v6h-8v8h-6v-8H9v-6h8z" fill="currentColor" />
      </svg>
      <span>{appName}</span>
    </span>
  );
}
