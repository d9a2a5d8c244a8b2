import { useEffect, useRef, useState } from 'react';

function format(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h > 0 ? `${h}:` : ''}${pad(m)}:${pad(s % 60)}`;
}

/** The time left until `endtime` (Unix seconds); calls onExpire once at zero. */
export function Countdown({ endtime, label, onExpire }: { endtime: number; label: string; onExpire: () => void }) {
  const left = () => endtime - Math.floor(Date.now() / 1000);
  const [remaining, setRemaining] = useState(left);
  const fired = useRef(false);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  useEffect(() => {
    const tick = () => {
      const r = left();
      setRemaining(r);
      if (r <= 0 && !fired.current) {
        fired.current = true;
        expire.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
    // endtime is fixed for the attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endtime]);
  return (
    <div className={`quiz-timer${remaining <= 60 ? ' quiz-timer-low' : ''}`}>
      <span id="quiz-timer-label">{label}</span>{' '}
      <span role="timer" aria-labelledby="quiz-timer-label" aria-live={remaining <= 60 && remaining % 15 === 0 ? 'assertive' : 'off'}>
        {format(remaining)}
      </span>
    </div>
  );
}
