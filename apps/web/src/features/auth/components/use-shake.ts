import { useEffect, useState, type AnimationEvent } from 'react';

/** The refused form's shake (the `login-shake` animation), ended when it ends, or after 1 s without motion. */
export function useShake() {
  const [shaking, setShaking] = useState(false);
  // Without motion (prefers-reduced-motion) no animationend arrives: end the shake on a timer too.
  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), 1000);
    return () => window.clearTimeout(timer);
  }, [shaking]);
  return {
    shaking,
    start: () => setShaking(true),
    onAnimationEnd: (event: AnimationEvent) => {
      if (event.animationName === 'login-shake') setShaking(false);
    },
  };
}
