// The live timeline page's bridge inside an app's web view (StatePageWebKit injects it at document
// start, before the page's own script runs). The page finds it as window.statedbgBridge and uses it
// instead of its HTTP bridge:
//   bridge.connect(receive)  once; receive(message) is then called for every message from the app
//   bridge.send(request)     a request object for the app, posted as JSON text to the WebKit message
//                            handler "statedbg" (the app's StatePageBridge reads and checks it)
//   bridge.deliver(message)  called by the app (evaluateJavaScript) with each message object
// Messages the app delivers before the page connects wait for it, in order.
(function () {
  "use strict";
  if (window.statedbgBridge) { return; }
  var receiver = null;
  var waiting = [];

  function handler() {
    var webkit = window.webkit;
    return webkit && webkit.messageHandlers && webkit.messageHandlers.statedbg;
  }

  function hand(message) {
    try {
      receiver(message);
    } catch (error) {
      // One message the page cannot show must not stop the ones after it.
      if (window.console) { window.console.error("statedbg page: a message from the app failed:", error); }
    }
  }

  var bridge = {
    connect: function (receive) {
      if (typeof receive !== "function") { throw new TypeError("statedbgBridge.connect takes a function."); }
      if (receiver) { throw new Error("statedbgBridge is connected already; a page connects once."); }
      receiver = receive;
      var early = waiting;
      waiting = [];
      early.forEach(hand);
      if (!handler()) {
        hand({type: "error", message: "This page is not inside an app that shows it: the web view has no message handler named statedbg."});
      }
    },
    send: function (request) {
      var text;
      try {
        text = JSON.stringify(request);
      } catch (error) {
        throw new TypeError("statedbgBridge.send takes an object that JSON can write: " + error.message);
      }
      if (typeof text !== "string" || text.charAt(0) !== "{") {
        throw new TypeError("statedbgBridge.send takes a request object, such as {command: \"status\", id: 1}.");
      }
      var target = handler();
      if (!target) {
        var refusal = {type: "error", message: "The page cannot reach the app: the web view has no message handler named statedbg."};
        if (receiver) { hand(refusal); } else { waiting.push(refusal); }
        return;
      }
      target.postMessage(text);
    },
    deliver: function (message) {
      if (receiver) { hand(message); } else { waiting.push(message); }
    }
  };
  Object.freeze(bridge);
  Object.defineProperty(window, "statedbgBridge", {value: bridge, writable: false, configurable: false, enumerable: false});
})();
