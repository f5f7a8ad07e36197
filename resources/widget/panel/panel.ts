import {
  uploadAccept,
  widgetLimits,
  type WidgetAttachment,
  type SessionResponse,
  type WidgetConfig,
  type WidgetConversation,
  type WidgetMessage,
} from '../../../server/channels/web/protocol';
import { createApi, errorMessage, WidgetApiError } from '../api';
import { readVisitorId, writeAwaiting, writeVisitorId } from '../storage';
import { browserLanguages, localeOf, panelText } from '../strings';
import { addStyles, applyTheme } from '../theme';
import type { Identity, PanelContext, PanelHandle } from '../types';
import { canAskForPerson, stateLine, wantsCsat } from './conversation';
import { h, icon, icons, uuid } from './dom';
import { renderMarkdown, safeUrl } from './markdown';
import { renderMessage, type MessageActions } from './message-view';
import { messageKey, reduceMessages, visitorHasWritten, type ChatMessage, type MessageAction } from './messages';
import { fileProblem, pendingAttachment } from './files';
import { preChatView, type PreChatAnswers, type PreChatErrors, type PreChatView } from './pre-chat';
import { connectRealtime, type RealtimeConnection, type RealtimeHandlers } from './realtime';
import { panelCss } from './styles';

/**
 * The chat panel, loaded by widget.js on first open (an ES module built by vite.widget.config.ts).
 * `mount` draws it into the loader's shadow root and opens the visitor's session at once: POST
 * session (visitor id from localStorage, the identity if any), the history, then realtime on the
 * session's private channel. The token lives in memory only; a 401 starts a new session and the
 * call is tried once more.
 */

const typingTimeoutMs = 30_000;
const visitorTypingIdleMs = 4_000;

export function mount(context: PanelContext): PanelHandle {
  const api = createApi(context.apiBase);
  let config: WidgetConfig | null = context.config;
  let t = panelText(localeOf(config, browserLanguages()));
  let identity: Identity | null = context.identity;
  let messages: ChatMessage[] = [];
  let conversation: WidgetConversation | null = null;
  let channel: string | null = null;
  let realtime: RealtimeConnection | null = null;
  let ready: Promise<boolean> | null = null;
  let sessionError: WidgetApiError | null = null;
  /** Bumped by identify/reset, so the answer of an older session request is dropped. */
  let generation = 0;
  /** 403 or 404: the chat cannot be used here; the composer is off. */
  let unavailable = false;
  let typing: { sender: 'bot' | 'agent'; name?: string } | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let visitorTyping = false;
  let visitorTypingTimer: ReturnType<typeof setTimeout> | undefined;
  let errorTimer: ReturnType<typeof setInterval> | undefined;
  let csatScore = 0;
  let csatThanked = false;
  let handoffBusy = false;
  /** Messages from the bot or a person that arrived while the panel was closed, by id (counted once). */
  const unread = new Set<number>();
  /** The channel's pre-chat form comes before the first message (SessionResponse.detailsNeeded). */
  let detailsNeeded = false;
  /** The pre-chat form as drawn, for the config and words it was drawn with. */
  let preChat: { view: PreChatView; config: WidgetConfig; t: typeof t } | null = null;

  // ---- DOM ---------------------------------------------------------------------------------------

  const title = h('h2', { class: 'kw-title', id: 'kw-title' });
  const avatar = h('div', { class: 'kw-avatar', 'aria-hidden': 'true' });
  const closeButton = h(
    'button',
    { type: 'button', class: 'kw-close', onclick: () => context.requestClose() },
    icon(icons.close),
  );
  const state = h('div', { class: 'kw-state', role: 'status' });
  const log = h('div', { class: 'kw-log', role: 'log', tabindex: '-1' });
  const welcome = h('div', { class: 'kw-msg' });
  const typingRow = h('div', { class: 'kw-typing', role: 'status' });
  const suggestions = h('div', { class: 'kw-suggestions' });
  const stars = h('div', { class: 'kw-stars', role: 'radiogroup' });
  const csatComment = h('textarea', { rows: 2, maxlength: widgetLimits.comment });
  const csatSubmit = h('button', { type: 'submit', class: 'kw-button' });
  const csatQuestion = h('p', {});
  const csatForm = h('form', { class: 'kw-csat' }, csatQuestion, stars, csatComment, csatSubmit);
  const csatThanksText = h('p', {});
  const csatThanks = h('div', { class: 'kw-csat', role: 'status' }, csatThanksText);
  const actions = h('div', { class: 'kw-actions' });
  const handoffButton = h('button', { type: 'button', class: 'kw-handoff' });
  const errorLine = h('div', { class: 'kw-error', role: 'alert' });
  const input = h('textarea', { rows: 1, maxlength: widgetLimits.message });
  const sendButton = h('button', { type: 'submit', class: 'kw-send' }, icon(icons.send));
  const filePicker = h('input', { type: 'file', accept: uploadAccept, hidden: true, tabindex: '-1' });
  const attachButton = h('button', { type: 'button', class: 'kw-attach' }, icon(icons.attach));
  const composer = h('form', { class: 'kw-compose' }, attachButton, filePicker, input, sendButton);
  const brand = h('div', { class: 'kw-brand' });
  const panel = h(
    'section',
    { class: 'kw-panel', role: 'dialog', 'aria-labelledby': 'kw-title', hidden: true },
    h('header', { class: 'kw-head' }, avatar, title, closeButton),
    state,
    log,
    suggestions,
    csatForm,
    csatThanks,
    actions,
    errorLine,
    composer,
    brand,
  );
  for (let score = 1; score <= 5; score++) {
    stars.append(
      h(
        'button',
        {
          type: 'button',
          class: 'kw-star',
          role: 'radio',
          'aria-checked': 'false',
          onclick: () => {
            csatScore = score;
            render();
          },
        },
        '★',
      ),
    );
  }
  addStyles(context.root, panelCss);
  context.container.append(panel);

  // ---- Rendering -----------------------------------------------------------------------------------

  const nodes = new Map<string, { message: ChatMessage; node: HTMLElement }>();
  const botName = () => config?.title || t.assistant;
  const messageActions: MessageActions = { feedback, retry, fileUrl };

  /** The widget's own words, in its locale (strings.ts): set again when the config brings a language. */
  function applyWords() {
    t = panelText(localeOf(config, browserLanguages()));
    closeButton.setAttribute('aria-label', t.close);
    log.setAttribute('aria-label', t.messages);
    stars.setAttribute('aria-label', t.rate);
    stars.querySelectorAll('button').forEach((star, index) => star.setAttribute('aria-label', t.stars(index + 1)));
    csatComment.setAttribute('aria-label', t.comment);
    csatComment.setAttribute('placeholder', t.commentPlaceholder);
    csatSubmit.textContent = t.sendRating;
    csatQuestion.textContent = t.howWasIt;
    csatThanksText.textContent = t.thanks;
    handoffButton.textContent = t.handoff;
    input.setAttribute('aria-label', t.message);
    attachButton.setAttribute('aria-label', t.attach);
    attachButton.setAttribute('title', t.attach);
    input.setAttribute('placeholder', t.placeholder);
    sendButton.setAttribute('aria-label', t.send);
    brand.textContent = t.brand;
  }

  function applyConfig() {
    applyWords();
    applyTheme(context.container, config);
    title.textContent = config?.title ?? t.chat;
    const avatarUrl = config?.avatarUrl ? safeUrl(config.avatarUrl) : null;
    avatar.replaceChildren(
      avatarUrl
        ? h('img', { class: 'kw-avatar', src: avatarUrl, alt: '' })
        : (config?.title ?? 'C').trim().charAt(0).toUpperCase(),
    );
    welcome.replaceChildren();
    if (config?.welcomeMessage.trim()) {
      welcome.append(
        h(
          'div',
          { class: 'kw-bubble' },
          h('span', { class: 'kw-sr' }, `${botName()}: `),
          ...Array.from(h('div', { html: renderMarkdown(config.welcomeMessage) }).childNodes),
        ),
      );
    }
    brand.hidden = !config?.showBranding;
  }

  function renderLog() {
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    if (!welcome.isConnected) log.prepend(welcome);
    let previous: Element = welcome;
    const seen = new Set<string>();
    for (const message of messages) {
      const key = messageKey(message);
      seen.add(key);
      let entry = nodes.get(key);
      if (!entry || entry.message !== message) {
        const node = renderMessage(message, messageActions, botName(), t);
        entry?.node.replaceWith(node);
        entry = { message, node };
        nodes.set(key, entry);
      }
      if (previous.nextElementSibling !== entry.node) previous.after(entry.node);
      previous = entry.node;
    }
    for (const [key, entry] of nodes) {
      if (!seen.has(key)) {
        entry.node.remove();
        nodes.delete(key);
      }
    }
    if (typing) {
      const who = typing.sender === 'agent' ? typing.name || t.agent : botName();
      typingRow.replaceChildren(
        h('span', { class: 'kw-dots', 'aria-hidden': 'true' }, h('i'), h('i'), h('i')),
        t.typing(who),
      );
      previous.after(typingRow);
    } else {
      typingRow.remove();
    }
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  function render() {
    renderLog();
    const botActive = config?.botActive ?? true;
    state.textContent = stateLine(conversation, botActive, t);

    const questions = config?.suggestedQuestions ?? [];
    suggestions.hidden = unavailable || questions.length === 0 || visitorHasWritten(messages);
    if (!suggestions.hidden && suggestions.childElementCount !== questions.length) {
      suggestions.replaceChildren(
        ...questions.map((question) =>
          h('button', { type: 'button', class: 'kw-suggestion', onclick: () => send(question) }, question),
        ),
      );
    }

    const askCsat = wantsCsat(conversation, config?.collectCsat ?? false) && !csatThanked;
    csatForm.hidden = !askCsat;
    csatThanks.hidden = !csatThanked;
    stars.querySelectorAll('button').forEach((star, index) => {
      star.setAttribute('aria-checked', String(index + 1 === csatScore));
      star.style.color = index < csatScore ? '#f59e0b' : '';
    });
    csatSubmit.disabled = csatScore === 0;

    if (canAskForPerson(conversation, botActive) && !unavailable) {
      handoffButton.disabled = handoffBusy;
      if (!handoffButton.isConnected) actions.append(handoffButton);
    } else {
      handoffButton.remove();
    }

    renderPreChat();
    input.disabled = unavailable;
    attachButton.disabled = unavailable;
    sendButton.disabled = unavailable || input.value.trim() === '';
  }

  /** While the visitor owes the pre-chat form, it stands in for the composer, suggestions and hand-off. */
  function renderPreChat() {
    const form = detailsNeeded && !unavailable ? config?.preChat : null;
    if (!form || !config) {
      preChat?.view.element.remove();
      preChat = null;
      composer.hidden = false;
      return;
    }
    if (!preChat || preChat.config !== config || preChat.t !== t) {
      preChat?.view.element.remove();
      preChat = { view: preChatView(form, t, submitDetails), config, t };
    }
    if (!preChat.view.element.isConnected) errorLine.before(preChat.view.element);
    composer.hidden = true;
    suggestions.hidden = true;
    handoffButton.remove();
  }

  function showError(error: WidgetApiError | null) {
    clearInterval(errorTimer);
    errorLine.textContent = error ? errorMessage(error.status, error.retryAfter, error.message, t) : '';
    if (error?.status === 429 && error.retryAfter) {
      let left = error.retryAfter;
      errorTimer = setInterval(() => {
        left -= 1;
        if (left > 0) errorLine.textContent = errorMessage(429, left, undefined, t);
        else showError(null);
      }, 1000);
    }
  }

  const asApiError = (error: unknown) =>
    error instanceof WidgetApiError ? error : new WidgetApiError(0, errorMessage(0, null));

  // ---- Session and realtime ------------------------------------------------------------------------

  function dispatch(action: MessageAction) {
    messages = reduceMessages(messages, action);
  }

  const handlers: RealtimeHandlers = {
    created(message: WidgetMessage) {
      if (panel.hidden && message.sender !== 'contact' && !unread.has(message.id)) {
        unread.add(message.id);
        context.onUnread?.(unread.size);
      }
      dispatch({ type: 'created', message });
      if (typing && typing.sender === message.sender) stopShowingTyping();
      render();
    },
    delta(event) {
      dispatch({
        type: 'delta',
        id: event.id,
        mode: event.type,
        text: event.text,
        createdAt: new Date().toISOString(),
      });
      if (typing?.sender === 'bot') stopShowingTyping();
      render();
    },
    typing(event) {
      clearTimeout(typingTimer);
      if (event.typing) {
        typing = { sender: event.sender, name: event.name };
        typingTimer = setTimeout(() => {
          stopShowingTyping();
          render();
        }, typingTimeoutMs);
      } else {
        typing = null;
      }
      render();
    },
    conversation(next) {
      setConversation(next);
      render();
    },
    reconnected() {
      // Events sent while the socket was down are gone: the history fills the gap.
      void refresh();
    },
  };

  function stopShowingTyping() {
    clearTimeout(typingTimer);
    typing = null;
  }

  function setConversation(next: WidgetConversation | null) {
    if (next?.state !== 'resolved') csatThanked = false;
    conversation = next;
    writeAwaiting(context.channelKey, next?.state === 'queued' || next?.state === 'human');
  }

  function sessionRequest() {
    return api.session({
      visitorId: readVisitorId(context.channelKey) ?? undefined,
      identity: identity ?? undefined,
      page: { url: location.href, title: document.title || undefined, referrer: document.referrer || undefined },
    });
  }

  function applySession(response: SessionResponse, mode: 'reset' | 'merge') {
    api.setToken(response.token);
    // A verified visitor's history follows the identity; only an anonymous id is worth keeping.
    if (!response.verified) writeVisitorId(context.channelKey, response.visitorId);
    setConversation(response.conversation);
    detailsNeeded = response.detailsNeeded;
    if (mode === 'reset') {
      const pending = messages.filter((message) => message.id === null);
      dispatch({ type: 'reset', messages: response.messages });
      messages = [...messages, ...pending];
    } else {
      dispatch({ type: 'merge', messages: response.messages });
    }
    subscribe(response.channel);
  }

  function subscribe(name: string) {
    if (!config || channel === name) return;
    const endpoint = config.realtime.authEndpoint;
    try {
      realtime ??= connectRealtime(config.realtime, (socketId, channelName) =>
        api.authorize(endpoint, socketId, channelName),
      );
      realtime.subscribe(name, handlers);
      channel = name;
    } catch (error) {
      console.error('Kawan: realtime is not available.', error);
    }
  }

  async function startSession(): Promise<boolean> {
    const mine = generation;
    try {
      if (!config) {
        const loaded = await api.config();
        if (mine !== generation) return false;
        config = loaded;
        applyConfig();
      }
      const response = await sessionRequest();
      if (mine !== generation) return false;
      applySession(response, 'reset');
      unavailable = false;
      sessionError = null;
      showError(null);
      render();
      return true;
    } catch (error) {
      if (mine !== generation) return false;
      sessionError = asApiError(error);
      unavailable = sessionError.status === 403 || sessionError.status === 404;
      showError(sessionError);
      render();
      return false;
    }
  }

  /** The session, started once; a failed start is tried again by the next call that needs it. */
  function ensureSession(): Promise<boolean> {
    if (!ready) {
      const attempt = startSession();
      ready = attempt;
      void attempt.then((ok) => {
        if (!ok && ready === attempt) ready = null;
      });
    }
    return ready;
  }

  /** `request` with a session; a 401 (token gone stale) gets a new session and one more try. */
  async function withSession<T>(request: () => Promise<T>): Promise<T> {
    if (!(await ensureSession())) throw sessionError ?? new WidgetApiError(0, errorMessage(0, null));
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof WidgetApiError) || error.status !== 401) throw error;
      ready = null;
      if (!(await ensureSession())) throw sessionError ?? error;
      return request();
    }
  }

  async function refresh() {
    if (!ready || !(await ready)) return;
    const mine = generation;
    try {
      const response = await sessionRequest();
      if (mine !== generation) return;
      applySession(response, 'merge');
      render();
    } catch {
      // The next call the visitor makes will start over if the session is gone.
    }
  }

  /** Drops the session and its messages and starts another (identify, reset). */
  function restart() {
    generation += 1;
    ready = null;
    messages = [];
    setConversation(null);
    stopShowingTyping();
    csatScore = 0;
    detailsNeeded = false;
    realtime?.unsubscribe();
    channel = null;
    api.setToken(null);
    showError(null);
    render();
    void ensureSession();
  }

  // ---- Visitor actions -----------------------------------------------------------------------------

  function send(raw: string) {
    const text = raw.trim();
    if (!text || unavailable || detailsNeeded) return;
    const clientId = uuid();
    dispatch({ type: 'optimistic', clientId, text, createdAt: new Date().toISOString() });
    render();
    log.scrollTop = log.scrollHeight;
    stopVisitorTyping();
    void deliver(clientId, () => api.send({ text, clientId }));
  }

  /** Posts a message on its way (text or file) and puts the server's copy in its optimistic place. */
  async function deliver(clientId: string, post: () => Promise<{ message: WidgetMessage }>) {
    try {
      const { message } = await withSession(post);
      // A file's stored copy shows the picture already on screen, not a second download of it.
      const local = fileUrls.get(`c:${clientId}`);
      if (local) fileUrls.set(`${message.id}:0`, local);
      pendingFiles.delete(clientId);
      dispatch({ type: 'created', message });
      showError(null);
    } catch (error) {
      dispatch({ type: 'failed', clientId });
      showError(asApiError(error));
    }
    render();
  }

  function retry(clientId: string) {
    const message = messages.find((entry) => entry.id === null && entry.clientId === clientId);
    if (!message) return;
    dispatch({ type: 'retry', clientId });
    render();
    const file = pendingFiles.get(clientId);
    void deliver(
      clientId,
      file ? () => api.upload(file, file.name, clientId) : () => api.send({ text: message.text, clientId }),
    );
  }

  // ---- Files ---------------------------------------------------------------------------------------

  /** Files on their way, by client id (kept for a retry, shown from the visitor's own disk). */
  const pendingFiles = new Map<string, File>();
  /** Object URLs of the chat's files, by `<message id>:<index>` or `<client id>`: each fetched once. */
  const fileUrls = new Map<string, Promise<string>>();

  function fileUrl(message: ChatMessage, attachment: WidgetAttachment): Promise<string> {
    const key = message.id === null ? `c:${message.clientId}` : `${message.id}:${attachment.index}`;
    let url = fileUrls.get(key);
    if (!url) {
      const local = message.id === null && message.clientId ? pendingFiles.get(message.clientId) : undefined;
      url = local
        ? Promise.resolve(URL.createObjectURL(local))
        : message.id === null
          ? Promise.reject(new Error('not sent'))
          : withSession(() => api.file(message.id!, attachment.index)).then((blob) => URL.createObjectURL(blob));
      // A failed fetch is tried again the next time the file is drawn or clicked.
      url.catch(() => fileUrls.delete(key));
      fileUrls.set(key, url);
    }
    return url;
  }

  function sendFile(file: File) {
    if (unavailable || detailsNeeded) return;
    const problem = fileProblem(file, config?.maxFileBytes ?? 10 * 1024 * 1024, t);
    if (problem) {
      showError(null);
      errorLine.textContent = problem;
      return;
    }
    const clientId = uuid();
    pendingFiles.set(clientId, file);
    dispatch({
      type: 'optimistic',
      clientId,
      text: '',
      createdAt: new Date().toISOString(),
      attachments: [pendingAttachment(file)],
    });
    showError(null);
    render();
    log.scrollTop = log.scrollHeight;
    void deliver(clientId, () => api.upload(file, file.name, clientId));
  }

  attachButton.addEventListener('click', () => filePicker.click());
  // A file dropped on the panel, or pasted into the message box (a screenshot), goes as one chosen.
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
  panel.addEventListener('dragover', (event) => {
    if (!carriesFiles(event) || unavailable || detailsNeeded) return;
    event.preventDefault();
    panel.classList.add('kw-dropping');
  });
  panel.addEventListener('dragleave', (event) => {
    if (!panel.contains(event.relatedTarget as Node | null)) panel.classList.remove('kw-dropping');
  });
  panel.addEventListener('drop', (event) => {
    panel.classList.remove('kw-dropping');
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    sendFile(file);
  });
  input.addEventListener('paste', (event) => {
    const file = event.clipboardData?.files[0];
    if (!file) return;
    event.preventDefault();
    sendFile(file);
  });
  filePicker.addEventListener('change', () => {
    const file = filePicker.files?.[0];
    filePicker.value = '';
    if (file) sendFile(file);
  });

  function feedback(id: number, value: 'up' | 'down' | null) {
    const before = messages.find((entry) => entry.id === id)?.feedback ?? null;
    dispatch({ type: 'feedback', id, value });
    render();
    withSession(() => api.feedback(id, value)).catch((error: unknown) => {
      dispatch({ type: 'feedback', id, value: before });
      showError(asApiError(error));
      render();
    });
  }

  /** The pre-chat form's answers, checked already: saved, then the visitor writes. */
  async function submitDetails(answers: PreChatAnswers) {
    const view = preChat?.view;
    view?.setBusy(true);
    try {
      await withSession(() => api.contact(answers));
      detailsNeeded = false;
      showError(null);
      render();
      input.focus();
    } catch (error) {
      const failure = asApiError(error);
      const fields = failure.status === 422 ? (failure.errors as PreChatErrors) : {};
      if (Object.keys(fields).length > 0) {
        showError(null);
        view?.showErrors(fields);
      } else {
        showError(failure);
      }
      view?.setBusy(false);
    }
  }

  handoffButton.addEventListener('click', async () => {
    // Nothing written yet: there is no conversation for a person to take (the server would refuse
    // with its own words). Say so in the visitor's language and let them write.
    if (conversation === null) {
      showError(null);
      errorLine.textContent = t.writeFirst;
      input.focus();
      return;
    }
    handoffBusy = true;
    render();
    try {
      const response = await withSession(() => api.handoff());
      setConversation(response.conversation);
      // Outside business hours the bot says when people are back (also heard live).
      dispatch({ type: 'merge', messages: response.messages });
      showError(null);
    } catch (error) {
      showError(asApiError(error));
    }
    handoffBusy = false;
    render();
  });

  csatForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (csatScore < 1) return;
    const score = csatScore as 1 | 2 | 3 | 4 | 5;
    const comment = csatComment.value.trim();
    csatSubmit.disabled = true;
    try {
      await withSession(() => api.csat(comment ? { score, comment } : { score }));
      csatThanked = true;
      if (conversation) conversation = { ...conversation, csat: comment ? { score, comment } : { score } };
      showError(null);
    } catch (error) {
      showError(asApiError(error));
    }
    render();
  });

  /** Tells an agent the visitor is typing (only when a person is, or soon will be, reading). */
  function visitorTyped() {
    const state = conversation?.state;
    if (state !== 'queued' && state !== 'human') return;
    clearTimeout(visitorTypingTimer);
    visitorTypingTimer = setTimeout(stopVisitorTyping, visitorTypingIdleMs);
    if (visitorTyping) return;
    visitorTyping = true;
    withSession(() => api.typing(true)).catch(() => undefined);
  }

  function stopVisitorTyping() {
    clearTimeout(visitorTypingTimer);
    if (!visitorTyping) return;
    visitorTyping = false;
    withSession(() => api.typing(false)).catch(() => undefined);
  }

  function grow() {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight + 2, 120)}px`;
  }

  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    input.value = '';
    grow();
    send(text);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      composer.requestSubmit();
    }
  });
  input.addEventListener('input', () => {
    grow();
    sendButton.disabled = unavailable || input.value.trim() === '';
    if (input.value.trim()) visitorTyped();
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      context.requestClose();
    }
  });

  applyConfig();
  render();
  void ensureSession();

  return {
    open() {
      panel.hidden = false;
      if (unread.size > 0) {
        unread.clear();
        context.onUnread?.(0);
      }
      render();
      log.scrollTop = log.scrollHeight;
      if (preChat?.view.element.isConnected) preChat.view.focus();
      else (input.disabled ? closeButton : input).focus();
      void ensureSession();
    },
    close() {
      panel.hidden = true;
      stopVisitorTyping();
    },
    identify(next) {
      if (JSON.stringify(next) === JSON.stringify(identity)) return;
      identity = next;
      restart();
    },
    reset() {
      identity = null;
      writeVisitorId(context.channelKey, null);
      restart();
    },
  };
}
