import { useEffect, useState } from 'react';
import { daysPerWindow } from '@app/contracts/scheduling';

/** spec 2 §9: 7 days per window from 900 px, 5 from 700 px, else 3; follows the viewport. */
export function useDaysPerWindow(): 7 | 5 | 3 {
  const [days, setDays] = useState(() => daysPerWindow(window.innerWidth));
  useEffect(() => {
    const onResize = () => {
      setDays(daysPerWindow(window.innerWidth));
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return days;
}
