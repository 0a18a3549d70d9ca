/**
 * @module util/text-response — a Web `Response` whose body is a string already in memory, built without a
 * body stream: undici's constructor makes a ReadableStream for any body (~15 µs, a tenth of a REST GET's
 * own time), which the node:http adapter never reads — it writes the string with the headers in one
 * `end()`. In-process callers read it as any Response; the stream is made only if someone asks for it.
 */

/** What undici's constructor adds to a string body without a type, kept so the headers stay the same. */
const TEXT_TYPE = 'text/plain;charset=UTF-8';

class TextResponse extends Response {
  readonly #text: string;
  /** A Response holding the body, made at the first read that needs a stream. */
  #streamed: Response | undefined;
  #used = false;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.#text = text;
    if (!this.headers.has('content-type')) this.headers.set('content-type', TEXT_TYPE);
  }

  /** The string, unless the body has been read (or its stream handed out). */
  get unread(): string | undefined {
    return this.#used || this.#streamed ? undefined : this.#text;
  }

  #stream(): Response {
    this.#streamed ??= new Response(this.#used ? null : this.#text);
    return this.#streamed;
  }

  #take(): string {
    if (this.#used || this.#streamed?.bodyUsed)
      throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#text;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return this.#stream().body as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#streamed?.bodyUsed ?? false);
  }

  override text(): Promise<string> {
    if (this.#streamed) return this.#streamed.text();
    try {
      return Promise.resolve(this.#take());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new TextEncoder().encode(await this.text());
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.text()], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    return new Response(await this.text(), { headers: this.headers }).formData();
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    const { status, statusText, headers } = this;
    if (!this.#streamed) return new TextResponse(this.#text, { status, statusText, headers });
    return new Response(this.#streamed.clone().body, { status, statusText, headers });
  }
}

/** A Response with `body` (or none when null), its stream made only when read as a stream. */
export function textResponse(body: string | null, init: ResponseInit): Response {
  return body === null ? new Response(null, init) : new TextResponse(body, init);
}

/** The string a `textResponse` was built with, unless someone has started reading its body. */
export function unreadText(response: Response): string | undefined {
  return response instanceof TextResponse ? response.unread : undefined;
}
