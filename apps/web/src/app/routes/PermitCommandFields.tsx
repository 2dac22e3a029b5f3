import { useImperativeHandle, useRef } from 'react';
import type { CommandFieldsProps } from '../../features/permits';
import { HandoverLockFields, type HandoverLockFieldsHandle } from '../../features/isolation-plan';
import { SimopsOverrideFields, type SimopsOverrideHandle } from '../../features/simops';

/**
 * The fields other features add to the permit's command dialog: Approve and Issue offer the SIMOPS
 * override (features/simops); Hand over names the locks that stay on (features/isolation-plan).
 * Each gives its part of the body; one that cannot be sent yet stops the command.
 */
export function PermitCommandFields({ ref, ...props }: CommandFieldsProps) {
  const simops = useRef<SimopsOverrideHandle>(null);
  const locks = useRef<HandoverLockFieldsHandle>(null);
  useImperativeHandle(ref, () => ({
    collect: (body) => {
      const override = simops.current ? simops.current.collect(body) : {};
      const staying = locks.current ? locks.current.collect(body) : {};
      return override && staying ? { ...override, ...staying } : null;
    },
  }));
  return (
    <>
      <SimopsOverrideFields ref={simops} {...props} />
      <HandoverLockFields ref={locks} permit={props.permit} verb={props.verb} />
    </>
  );
}
