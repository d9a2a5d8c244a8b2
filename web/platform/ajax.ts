import type { ArgsOf, MethodContract, ResultOf } from '../../api/contract';
import { config } from './config';
import { log } from './log';

/** A web-service exception as the server sends it. */
export interface WsException {
  message: string;
  errorcode: string;
  link?: string;
  moreinfourl?: string;
  debuginfo?: string | null;
  backtrace?: string | null;
  /** Validation refusals: each refused field with its message (Tessera's addition to the wire format). */
  fielderrors?: Array<{ field: string; message: string }>;
}

/** A failed call: carries the server's exception. */
export class AjaxError extends Error implements WsException {
  readonly errorcode: string;
  readonly link?: string;
  readonly moreinfourl?: string;
  readonly debuginfo?: string | null;
  readonly backtrace?: string | null;
  readonly fielderrors?: Array<{ field: string; message: string }>;

  constructor(exception: WsException) {
    super(exception.message);
    this.name = 'AjaxError';
    this.errorcode = exception.errorcode;
    this.link = exception.link;
    this.moreinfourl = exception.moreinfourl;
    this.debuginfo = exception.debuginfo;
    this.backtrace = exception.backtrace;
    this.fielderrors = exception.fielderrors;
  }
}

interface Pending {
  methodname: string;
  args: unknown;
  loginRequired: boolean;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

type Item = { error: false; data: unknown } | { error: true; exception: WsException };

let queue: Pending[] = [];
let scheduled = false;

/** Navigation is a seam so tests can observe the redirect to the login page. */
export const navigation = {
  toLogin(): void {
    window.location.assign('/login/index.php');
  },
};

/** `info` names the methods when there are five or fewer, otherwise gives a count. */
export function infoParam(methodnames: readonly string[]): string {
  return methodnames.length <= 5 ? [...methodnames].sort().join(',') : `${methodnames.length}-method-calls`;
}

function isException(value: unknown): value is WsException {
  return typeof value === 'object' && value !== null && typeof (value as WsException).errorcode === 'string';
}

async function send(batch: Pending[]): Promise<void> {
  const cfg = config();
  const nologin = batch.every((p) => !p.loginRequired) && cfg.userid === 0;
  const info = infoParam(batch.map((p) => p.methodname));
  const url = nologin
    ? `/lib/ajax/service-nologin.php?info=${encodeURIComponent(info)}`
    : `/lib/ajax/service.php?sesskey=${encodeURIComponent(cfg.sesskey)}&info=${encodeURIComponent(info)}`;
  const body = JSON.stringify(batch.map((p, index) => ({ index, methodname: p.methodname, args: p.args })));
  let answer: unknown;
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, credentials: 'same-origin' });
    answer = await response.json();
  } catch (error) {
    log.error('ajax transport failure', error);
    for (const p of batch) p.reject(error);
    return;
  }
  if (!Array.isArray(answer)) {
    // The whole request failed (bad JSON, unknown method, session gone): one object for every call.
    const whole = answer as { error?: string; errorcode?: string; debuginfo?: string | null; stacktrace?: string | null; exception?: WsException } | null;
    const exception: WsException = whole?.exception ?? {
      message: whole?.error ?? 'missing response',
      errorcode: whole?.errorcode ?? 'invalidresponse',
      debuginfo: whole?.debuginfo ?? null,
      backtrace: whole?.stacktrace ?? null,
    };
    if (exception.errorcode === 'servicerequireslogin') {
      navigation.toLogin();
      return;
    }
    for (const p of batch) p.reject(new AjaxError(exception));
    return;
  }
  const items = answer as Array<Item | undefined>;
  let failure: AjaxError | undefined;
  batch.forEach((p, index) => {
    const item = items[index];
    if (failure) return p.reject(failure);
    if (!item) {
      failure = new AjaxError({ message: 'missing response', errorcode: 'missingresponse' });
      return p.reject(failure);
    }
    if (item.error) {
      failure = new AjaxError(isException(item.exception) ? item.exception : { message: 'missing response', errorcode: 'missingresponse' });
      if (failure.errorcode === 'servicerequireslogin') return navigation.toLogin();
      return p.reject(failure);
    }
    p.resolve(item.data);
  });
}

function flush(): void {
  scheduled = false;
  const batch = queue;
  queue = [];
  // Calls that need no login go to the no-login endpoint only when nobody is logged in; one request per kind.
  const withLogin = batch.filter((p) => p.loginRequired || config().userid !== 0);
  const withoutLogin = batch.filter((p) => !withLogin.includes(p));
  if (withLogin.length) void send(withLogin);
  if (withoutLogin.length) void send(withoutLogin);
}

/**
 * Calls a web-service method by name. Calls made in the same tick go to the server as one request,
 * and each call's promise settles with its own answer or exception.
 */
export function callMethod(methodname: string, args: unknown, loginRequired = true): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({ methodname, args, loginRequired, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

/** Calls a method through its contract, typed by the contract's arguments and answer. */
export function call<C extends MethodContract>(contract: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
  return callMethod(contract.name, args, contract.loginRequired) as Promise<ResultOf<C>>;
}
