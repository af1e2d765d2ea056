"""A real Pydantic AI backend for the JS tests: an agent served by Pydantic AI's Vercel AI adapter
(`VercelAIAdapter`, `sdk_version=6`), with a scripted `FunctionModel` (no network, no API key).

    python server.py            # binds 127.0.0.1 on a free port, prints `listening <url>`

The agent's tools:
  - process_payment, send_email, delete_file: server tools with `requires_approval=True`;
  - get_location: a SERVER tool that needs approval (SPEC §6: the browser must not run it when the
    app says it is not a browser tool);
  - get_browser_location: needs approval and is run by the browser: its body raises `CallDeferred`,
    so the server only defers it when it gets an approval without the browser's output;
  - get_time: a browser tool without approval (raises `CallDeferred`; AI SDK's `onToolCall` style).

The model decides its tool calls from the user's text (see SCRIPTS); once the last request holds tool
returns, it answers with one text naming each tool and its outcome, e.g.
"process_payment success; send_email denied." Every chat (the request body's `id`) has its own log:
the request bodies, model calls and tool runs, read by the tests at GET /log/<chat id>.

The process exits by itself when its standard input closes (the test that started it ended or died)
or when its parent process is gone.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from pydantic_ai import Agent, CallDeferred, DeferredToolRequests
from pydantic_ai.messages import ModelMessage, ModelRequest, ToolReturnPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, DeltaToolCall, FunctionModel
from pydantic_ai.ui.vercel_ai import VercelAIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

# The user's text -> the tool calls of the model's first step (name, arguments), all in one response.
SCRIPTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    'pay': [('process_payment', {'to': 'alice', 'amount': 42})],
    'pay twice': [('process_payment', {'to': 'alice', 'amount': 42}), ('process_payment', {'to': 'bob', 'amount': 7})],
    'pay and email': [('process_payment', {'to': 'alice', 'amount': 42}), ('send_email', {'to': 'bob'})],
    'pay, email and delete': [
        ('process_payment', {'to': 'alice', 'amount': 42}),
        ('send_email', {'to': 'bob'}),
        ('delete_file', {'path': 'a.txt'}),
    ],
    'what time is it': [('get_time', {})],
    'pay at noon': [('process_payment', {'to': 'alice', 'amount': 42}), ('get_time', {})],
    'where am I': [('get_browser_location', {})],
    'server location': [('get_location', {})],
    'pay and where am I': [('process_payment', {'to': 'alice', 'amount': 42}), ('get_browser_location', {})],
}
# A text the model streams slowly, word by word, before anything else (for chat.stop() tests).
SLOW_TEXT = 'talk slowly'
SLOW_WORDS = 100
SLOW_DELAY_S = 0.05


@dataclass
class ChatLog:
    bodies: list[Any] = field(default_factory=list)
    model_calls: int = 0
    # Each tool body run, in order: the tool name (get_browser_location logs `...:deferred`).
    tool_runs: list[str] = field(default_factory=list)
    slow_words_sent: int = 0


LOGS: dict[str, ChatLog] = defaultdict(ChatLog)


def last_user_text(messages: list[ModelMessage]) -> str:
    for message in reversed(messages):
        if isinstance(message, ModelRequest):
            for part in reversed(message.parts):
                if isinstance(part, UserPromptPart):
                    return part.content if isinstance(part.content, str) else ''.join(
                        c for c in part.content if isinstance(c, str)
                    )
    return ''


def make_agent(chat_id: str) -> Agent[None, str | DeferredToolRequests]:
    log = LOGS[chat_id]

    async def stream(messages: list[ModelMessage], info: AgentInfo):
        log.model_calls += 1
        last = messages[-1]
        returns = [p for p in last.parts if isinstance(p, ToolReturnPart)] if isinstance(last, ModelRequest) else []
        if returns:
            returns.sort(key=lambda p: p.tool_call_id)
            yield '; '.join(f'{p.tool_name} {p.outcome}' for p in returns) + '.'
            return
        text = last_user_text(messages).strip()
        if text == SLOW_TEXT:
            for i in range(SLOW_WORDS):
                log.slow_words_sent += 1
                yield f'word{i} '
                await asyncio.sleep(SLOW_DELAY_S)
            return
        calls = SCRIPTS.get(text)
        if calls is None:
            yield f'Unknown request: {text!r}.'
            return
        for index, (name, args) in enumerate(calls):
            yield {index: DeltaToolCall(name=name, json_args=json.dumps(args), tool_call_id=f'call_{index}_{name}')}

    agent = Agent(
        FunctionModel(stream_function=stream, model_name='scripted'),
        output_type=[str, DeferredToolRequests],
    )

    @agent.tool_plain(requires_approval=True)
    def process_payment(to: str, amount: int) -> str:
        """Pays `amount` to `to`."""
        log.tool_runs.append('process_payment')
        return f'paid {amount} to {to}'

    @agent.tool_plain(requires_approval=True)
    def send_email(to: str) -> str:
        """Sends an email."""
        log.tool_runs.append('send_email')
        return f'emailed {to}'

    @agent.tool_plain(requires_approval=True)
    def delete_file(path: str) -> str:
        """Deletes a file."""
        log.tool_runs.append('delete_file')
        return f'deleted {path}'

    @agent.tool_plain(requires_approval=True)
    def get_location() -> dict[str, Any]:
        """The server's own location lookup (not the browser's geolocation)."""
        log.tool_runs.append('get_location')
        return {'city': 'Server City', 'source': 'server'}

    @agent.tool_plain(requires_approval=True)
    def get_browser_location() -> dict[str, Any]:
        """The user's position: the browser runs it after the approval."""
        log.tool_runs.append('get_browser_location:deferred')
        raise CallDeferred()

    @agent.tool_plain
    def get_time() -> str:
        """The user's clock: the browser answers it."""
        log.tool_runs.append('get_time:deferred')
        raise CallDeferred()

    return agent


async def chat(request: Request) -> Response:
    body = await request.body()
    try:
        chat_id = json.loads(body)['id']
    except (ValueError, KeyError, TypeError):
        return JSONResponse({'error': 'body without a chat id'}, status_code=400)
    LOGS[chat_id].bodies.append(json.loads(body))
    return await VercelAIAdapter.dispatch_request(request, agent=make_agent(chat_id), sdk_version=6)


async def read_log(request: Request) -> Response:
    log = LOGS.get(request.path_params['chat_id'], ChatLog())
    return JSONResponse(
        {
            'requests': len(log.bodies),
            'bodies': log.bodies,
            'modelCalls': log.model_calls,
            'toolRuns': log.tool_runs,
            'slowWordsSent': log.slow_words_sent,
        }
    )


app = Starlette(routes=[Route('/api/chat', chat, methods=['POST']), Route('/log/{chat_id:path}', read_log)])


def exit_with_parent() -> None:
    """Ends the process when stdin closes or the parent process is gone."""
    parent = os.getppid()

    def watch_stdin() -> None:
        try:
            while sys.stdin.buffer.read(1024):
                pass
        finally:
            os._exit(0)

    def watch_parent() -> None:
        while True:
            threading.Event().wait(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    threading.Thread(target=watch_parent, daemon=True).start()


def main() -> None:
    exit_with_parent()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(('127.0.0.1', 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level='warning', lifespan='off'))
    print(f'listening http://127.0.0.1:{port}', flush=True)
    server.run(sockets=[sock])


if __name__ == '__main__':
    main()
