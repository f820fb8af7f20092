// Starts fairyc-lsp for fairy-chess notation files; everything else is the
// server's (lib/Lsp/LanguageServer.cpp).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('fairyc').get('serverPath');
  client = new LanguageClient('fairyc', 'fairyc', { command }, {
    documentSelector: ['fairyc-pieces', 'betza', 'parlett', 'fairy-notation',
                       'movement-formula', 'fairyc-ir'].map(language => ({ language })),
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
