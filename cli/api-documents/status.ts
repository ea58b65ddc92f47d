/**
 * The reason phrase of each HTTP status, as RFC 9110 section 15 (and RFC 6585 for 428, 429, 431,
 * RFC 7725 for 451) names it: a response's `description` when JSDoc gives none. A table of its
 * own rather than `node:http`'s `STATUS_CODES`, which changes between Node versions (413 was
 * "Payload Too Large"), so the documents are the same bytes under every Node.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-15
 */
const REASONS: Readonly<Record<number, string>> = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
};

/**
 * The reason phrase of `status`, or `Status <n>` for one RFC 9110 does not name.
 * @example reasonPhrase(413) // 'Content Too Large'
 */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? `Status ${status}`;
}
